"""The ASGI server: storage, accounts, HTTP API, WebSocket play and the web UI."""

"""Drawings of positions, as pure functions: SVG boards for Go and Toguz Korgool.

The web pages, live games and printed protocols all draw boards with these.
"""

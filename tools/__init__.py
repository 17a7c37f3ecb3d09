"""Developers' tools (not shipped): the translation catalogues' extraction, checks and glossary.

A package so that ``babel.cfg`` can name the help texts' extractor as ``tools.babel_cli_help``
and the tests can import the glossary's rules, from the project's root.
"""

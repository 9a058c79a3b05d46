"""The web site and JSON API: thin FastAPI handlers over the library, server-rendered templates."""

"""The HTTP edge: the resolver and the one error table (api.py), request models (schemas.py), response
models (responses.py), renderers (views.py) and the OpenAPI document (openapi.py)."""

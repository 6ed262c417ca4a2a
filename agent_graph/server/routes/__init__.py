"""The API's routes, one module per resource, each an APIRouter included by `api.create_app`."""

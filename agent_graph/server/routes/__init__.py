"""HTTP routes by resource, each an APIRouter included from api.py."""

"""The one shape of every HTTP route's refusal: {"error": "..."} with its status."""

from __future__ import annotations

from starlette.responses import JSONResponse

__all__ = ["error_response"]


def error_response(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)

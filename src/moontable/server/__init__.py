"""The online table's server: HTTP lobby, WebSockets, persistence. See `app` for the routes."""

from moontable.server.app import create_app
from moontable.server.lobby import Settings

__all__ = ["Settings", "create_app"]

"""A Voila page without a browser: what the page's JavaScript says to the server, on the wire.

Voila 0.5.13 runs the notebook while it sends the page: the HTML holds the kernel's id
(``kernelId`` in the ``jupyter-config-data`` script) and each widget output's model id
(``application/vnd.jupyter.widget-view+json`` in a ``vnd.voila.cell-output+json``
script). The page's JavaScript then, and :meth:`Page.open` in the same order:

1. asks for the kernel's model, ``GET /api/kernels/<id>``;
2. opens the kernel's websocket, ``/api/kernels/<id>/channels?session_id=<a new id>``, and
   asks for the kernel's info (``kernel_info_request``);
3. loads the widgets' state: a ``comm_open`` on the target ``jupyter.widget.control``
   (protocol version 1.0.0), a ``comm_msg`` ``{"method": "request_states"}``, the reply
   ``update_states`` on iopub, then ``comm_close``;
4. draws the widget, whose JavaScript sends its custom messages: a ``comm_msg`` on the
   widget's comm (its id is the model id) with ``{"method": "custom", "content": …}``.

Python answers a message by setting the widget's traits: a ``comm_msg``
``{"method": "update", "state": {…}}`` on iopub. :meth:`Page.click` sends one custom
message and waits for the ``state`` trait with a new ``serial``: the time between is
the click-to-redraw time. When the page closes (``beforeunload``) Voila's widget manager
sends a beacon, ``POST /voila/api/shutdown/<id>`` with a form holding ``_xsrf`` (empty
here: no cookie), and closes the websocket: :meth:`Page.leave` does the same
(``beacon=False``: only the websocket closes, as a tab that crashed).

Messages go as JSON text (the websocket protocol without a subprotocol, which
Jupyter server still speaks; the browser's binary ``v1.kernel.websocket.jupyter.org``
framing carries the same messages). The page notes what a learner would see as an
error (:attr:`Page.errors`): an error output in the HTML, an ``error`` message of the
kernel or a ``stderr`` one answering the page's message, the widget's comm closed, the
kernel dead. A ``stderr`` line with no parent, which no page shows, is a note
(:attr:`Page.notes`): ipykernel 7.4 looks up the comm of a ``comm_msg`` as it arrives,
before an earlier ``comm_open`` has been handled, and logs "No such comm" for the
widget manager's control comm now and then (a browser's page sends the same two
messages and meets the same line). For the cross-talk checks, the page notes every
widget state whose text holds one of ``forbidden`` (the other students' names) or
that answers a message of another session (:attr:`Page.crossed`).

Standard library only (tornado, which Voila brings, is imported where it is used).
"""

from __future__ import annotations

import asyncio
import datetime
import json
import re
import struct
import time
import uuid
from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__ = ["Page", "PageError", "parse_page", "PAGE_TIMEOUT", "CLICK_TIMEOUT", "CONTROL_TARGET"]

#: Seconds a page may take to come (Voila runs the notebook first; a busy server is slow).
PAGE_TIMEOUT = 300.0
#: Seconds a click may wait for its redraw before the page counts as broken.
CLICK_TIMEOUT = 120.0
#: The comm target of the widget manager's control channel (ipywidgets 8).
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

_CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.S)
_OUTPUT = re.compile(r'<script type="application/vnd.voila.cell-output\+json">\s*(.*?)\s*</script>', re.S)


class PageError(Exception):
    """A page that failed: refused, broken, or silent."""


def parse_page(html: str) -> Tuple[str, List[str], List[str]]:
    """``(kernel id, widget model ids, errors)`` of a Voila page's HTML; the errors are the cells'
    error outputs and their text on stderr.

    >>> page = ('<script id="jupyter-config-data" type="application/json">{"kernelId": "k1"}</script>'
    ...         '<script type="application/vnd.voila.cell-output+json">'
    ...         '{"data": {"application/vnd.jupyter.widget-view+json": {"model_id": "m1"}}, '
    ...         '"output_type": "execute_result"}</script>')
    >>> parse_page(page)
    ('k1', ['m1'], [])
    """
    found = _CONFIG.search(html)
    if not found:
        raise PageError("the page holds no kernel (no jupyter-config-data)")
    kernel = json.loads(found.group(1)).get("kernelId") or ""
    models, errors = [], []
    for text in _OUTPUT.findall(html):
        out = json.loads(text)
        if out.get("output_type") == "error":
            errors.append(f"an error in the page: {out.get('ename', '')} {out.get('evalue', '')}".strip())
        elif out.get("output_type") == "stream" and out.get("name") == "stderr":
            errors.append("the page shows text on stderr: " + "".join(out.get("text", ""))[:300])
        view = (out.get("data") or {}).get(WIDGET_VIEW)
        if view:
            models.append(view["model_id"])
    if not kernel:
        raise PageError("the page names no kernel")
    return kernel, models, errors


def _unpack_binary(data: bytes) -> dict:
    """The message of a binary websocket frame (Jupyter server's format without a subprotocol:
    a count, offsets, the JSON message, then its buffers)."""
    n = struct.unpack("!I", data[:4])[0]
    offsets = list(struct.unpack(f"!{n}I", data[4:4 * (n + 1)]))
    end = offsets[1] if n > 1 else len(data)
    return json.loads(data[offsets[0]:end].decode("utf-8"))


class Page:
    """One page of ``notebook`` (``learn.ipynb``) on the server ``base``, opened by one student.

    ``forbidden``: texts that must never appear in this page's widget state (the other
    students' names). After :meth:`open`, :attr:`widget` is the widget's traits (as the
    browser's model holds them), :attr:`timings` the seconds of each step of the opening.
    """

    def __init__(self, base: str, notebook: str, forbidden: Sequence[str] = ()) -> None:
        self.base = base
        self.notebook = notebook
        self.forbidden = tuple(forbidden)
        self.session = uuid.uuid4().hex
        self.kernel = ""
        self.model = ""
        self.widget: Dict[str, Any] = {}
        self.errors: List[str] = []
        self.crossed: List[str] = []
        self.notes: List[str] = []
        self.timings: Dict[str, float] = {}
        self._ws: Any = None
        self._reader: Optional[asyncio.Task] = None
        self._changed = asyncio.Event()
        self._replies: Dict[str, asyncio.Future] = {}
        self._control = ""
        self._control_states: Optional[asyncio.Future] = None
        self._closed = False

    # ------------------------------------------------------------ opening
    async def open(self) -> dict:
        """Open the page as a browser does (see the module docstring); return the widget's ``state``."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect

        t0 = time.perf_counter()
        client = AsyncHTTPClient(force_instance=True)
        try:
            r = await client.fetch(f"{self.base}/voila/render/{self.notebook}", raise_error=False,
                                   request_timeout=PAGE_TIMEOUT, connect_timeout=60)
            if r.code != 200:
                body = (r.body or b"").decode("utf-8", "replace")
                said = re.search(r"<p>(.*?)</p>", body, re.S)
                raise PageError(f"{self.notebook}: HTTP {r.code}" + (f": {said.group(1).strip()}" if said else ""))
            html = r.body.decode("utf-8")
            self.timings["html"] = time.perf_counter() - t0
            self.kernel, models, errors = parse_page(html)
            self.errors += [f"{self.notebook}: {e}" for e in errors]
            if not models:
                raise PageError(f"{self.notebook}: the page shows no widget")
            self.model = models[-1]
            r = await client.fetch(f"{self.base}/api/kernels/{self.kernel}", raise_error=False, request_timeout=60)
            if r.code != 200:
                raise PageError(f"{self.notebook}: the page's kernel is not running (HTTP {r.code})")
        finally:
            client.close()
        url = f"{self.base.replace('http', 'ws', 1)}/api/kernels/{self.kernel}/channels?session_id={self.session}"
        self._ws = await websocket_connect(HTTPRequest(url, connect_timeout=60, request_timeout=60),
                                          max_message_size=64 * 1024 * 1024)
        self._reader = asyncio.ensure_future(self._read())
        await self._request("kernel_info_request", {})
        self.timings["kernel"] = time.perf_counter() - t0
        await self._load_widgets()
        self.timings["open"] = time.perf_counter() - t0
        return self.state

    async def _load_widgets(self) -> None:
        """The widget manager's first steps: every widget's state through the control comm."""
        self._control = uuid.uuid4().hex
        self._control_states = asyncio.get_running_loop().create_future()
        await self._send("comm_open", {"comm_id": self._control, "target_name": CONTROL_TARGET, "data": {}},
                         metadata={"version": CONTROL_VERSION})
        await self._send("comm_msg", {"comm_id": self._control, "data": {"method": "request_states"}})
        states = await asyncio.wait_for(self._control_states, CLICK_TIMEOUT)
        await self._send("comm_close", {"comm_id": self._control, "data": {}})
        if self.model not in states:
            raise PageError(f"{self.notebook}: the kernel does not know the page's widget {self.model}")
        self.widget = dict(states[self.model].get("state", {}))
        if not isinstance(self.widget.get("state"), dict):
            raise PageError(f"{self.notebook}: the widget has no state to draw")
        self._check(self.widget["state"])

    # ------------------------------------------------------------ the wire
    def _message(self, msg_type: str, content: dict, metadata: Optional[dict] = None) -> Tuple[str, str]:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "durak-lab-bench", "session": self.session,
                  "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "version": "5.3"}
        return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                   "content": content, "channel": "shell", "buffers": []})

    async def _send(self, msg_type: str, content: dict, metadata: Optional[dict] = None) -> str:
        if self._ws is None or self._closed:
            raise PageError(f"{self.notebook}: the page's connection is closed")
        msg_id, text = self._message(msg_type, content, metadata)
        await self._ws.write_message(text)
        return msg_id

    async def _request(self, msg_type: str, content: dict) -> dict:
        """Send a shell request and wait for its reply."""
        msg_id, text = self._message(msg_type, content)
        future = asyncio.get_running_loop().create_future()
        self._replies[msg_id] = future
        await self._ws.write_message(text)
        return await asyncio.wait_for(future, CLICK_TIMEOUT)

    async def _read(self) -> None:
        try:
            while True:
                data = await self._ws.read_message()
                if data is None:
                    break
                msg = json.loads(data) if isinstance(data, str) else _unpack_binary(data)
                self._take(msg)
        finally:
            self._closed = True
            self._changed.set()

    def _take(self, msg: dict) -> None:
        """One message from the kernel."""
        kind = msg.get("header", {}).get("msg_type", "")
        content = msg.get("content", {})
        parent = msg.get("parent_header") or {}
        if kind.endswith("_reply"):
            reply = self._replies.pop(parent.get("msg_id", ""), None)
            if reply is not None and not reply.done():
                reply.set_result(content)
        if kind == "comm_msg":
            data = content.get("data") or {}
            if content.get("comm_id") == self._control and data.get("method") == "update_states":
                if self._control_states is not None and not self._control_states.done():
                    self._control_states.set_result(data.get("states") or {})
            elif content.get("comm_id") == self.model and data.get("method") == "update":
                if parent.get("session") != self.session:
                    self.crossed.append(f"{self.notebook}: an update answering another page's message")
                changed = data.get("state") or {}
                self.widget.update(changed)
                if "state" in changed:
                    self._check(changed["state"])
                self._changed.set()
        elif kind == "comm_close" and content.get("comm_id") == self.model:
            self.errors.append(f"{self.notebook}: the kernel closed the widget")
            self._changed.set()
        elif kind == "error":
            self.errors.append(f"{self.notebook}: the kernel says {content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and content.get("name") == "stderr":
            text = f"{self.notebook}: the kernel wrote to stderr: {content.get('text', '').strip()[:500]}"
            # answering a message of this page (a widget's handler logged it): an error; with no parent, or the
            # comm lookup of ipykernel 7.4 (see the module docstring), a line that no page shows (a note)
            note = not parent.get("msg_id") or bool(self._control and f"No such comm: {self._control}" in text)
            (self.notes if note else self.errors).append(text)
        elif kind == "status" and content.get("execution_state") in ("dead", "restarting"):
            self.errors.append(f"{self.notebook}: the kernel is {content['execution_state']}")

    def _check(self, state: dict) -> None:
        """Cross-talk: no other student's name in the state this page draws."""
        if not self.forbidden:
            return
        text = json.dumps(state, ensure_ascii=False)
        for name in self.forbidden:
            if name in text:
                self.crossed.append(f"{self.notebook}: the page shows another student's name, {name!r}")

    # ------------------------------------------------------------ clicking
    @property
    def state(self) -> dict:
        """The widget's ``state`` trait as the page has it now."""
        return self.widget.get("state") or {}

    @property
    def serial(self) -> int:
        """The ``serial`` of the state the page has drawn."""
        return int(self.state.get("serial", 0))

    async def click(self, content: dict) -> Tuple[dict, float]:
        """Send one custom message (``model.send(content)``) and wait for the state with a new
        serial; return it and the seconds from the send to its arrival (click to redraw)."""
        before = self.serial
        t0 = time.perf_counter()
        await self._send("comm_msg", {"comm_id": self.model, "data": {"method": "custom", "content": content}})
        while self.serial <= before:
            self._changed.clear()
            if self._closed:
                raise PageError(f"{self.notebook}: the connection closed while waiting for a redraw")
            left = CLICK_TIMEOUT - (time.perf_counter() - t0)
            if left <= 0:
                raise PageError(f"{self.notebook}: no redraw within {CLICK_TIMEOUT:.0f} s after {content}")
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                continue
        return self.state, time.perf_counter() - t0

    # ------------------------------------------------------------ leaving
    async def leave(self, beacon: bool = True) -> Optional[int]:
        """Close the page as a browser tab does: the shutdown beacon (``beacon``), then the websocket
        closes. Return the beacon's HTTP status (None without one)."""
        status = None
        if beacon and self.kernel:
            from tornado.httpclient import AsyncHTTPClient

            boundary = uuid.uuid4().hex
            body = (f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n\r\n'
                    f"--{boundary}--\r\n").encode("ascii")
            client = AsyncHTTPClient(force_instance=True)
            try:
                r = await client.fetch(f"{self.base}/voila/api/shutdown/{self.kernel}", method="POST", body=body,
                                       headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
                                       raise_error=False, request_timeout=60)
                status = r.code
            finally:
                client.close()
        if self._ws is not None:
            self._ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 10)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - the page is gone either way
                pass
        self._closed = True
        return status

"""What a page may ask of its kernel in standalone Voilà: widget messages, never code; and how the kernel is
reached: local socket files, never ports. (Kernel culling and preheating, the other half of a page's kernel
life, are checked in test_classroom.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import psutil
import pytest
from harness import kernel_pid, page_kernel_id, render_url, voila_shown
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

# Runs in the page, as the page's own widget manager would talk to its kernel: a websocket to
# /api/kernels/<id>/channels (the browser sends the page's cookies), then an execute_request that writes a file,
# followed by a kernel_info_request, which is allowed, so its reply proves the channel works and that the
# kernel has read everything sent before it. Resolves with the message types received and their parents.
_SEND_EXECUTE_JS = """async ([code, waitMs]) => {
  const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  const url = new URL(config.baseUrl + "api/kernels/" + config.kernelId + "/channels", location.href);
  url.protocol = url.protocol.replace("http", "ws");
  url.searchParams.set("session_id", crypto.randomUUID());
  const socket = new WebSocket(url.href);
  const seen = [];
  const message = (type, content) => ({
    header: { msg_id: crypto.randomUUID(), msg_type: type, session: "page", username: "", version: "5.3",
              date: new Date().toISOString() },
    parent_header: {}, metadata: {}, content, channel: "shell", buffers: [],
  });
  const execute = message("execute_request",
    { code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true });
  const info = message("kernel_info_request", {});
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
  socket.onmessage = (event) => {
    const reply = JSON.parse(event.data);
    seen.push([reply.msg_type, reply.parent_header.msg_id === execute.header.msg_id ? "execute" :
               reply.parent_header.msg_id === info.header.msg_id ? "info" : "other"]);
  };
  socket.send(JSON.stringify(execute));
  socket.send(JSON.stringify(info));
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  socket.close();
  return seen;
}"""


def test_the_page_cannot_make_its_kernel_execute_code(browser: Browser, voila_url: str, tmp_path: Path) -> None:
    """Standalone Voilà lets a page send widget messages only: an execute_request on the kernel's websocket is
    dropped by the server (the kernel never sees it), so no code from the page ever runs."""
    proof = tmp_path / "executed"
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(render_url(voila_url, "index.ipynb"), wait_until="commit")
    voila_shown(page)
    assert page_kernel_id(page)

    code = f"open({str(proof)!r}, 'w').write('the page ran code')"
    seen = page.evaluate(_SEND_EXECUTE_JS, [code, 3000])
    context.close()

    assert ["kernel_info_reply", "info"] in seen, f"the allowed request got no reply: {seen}"
    assert not [kind for kind, parent in seen if parent == "execute"], f"the kernel answered the execute: {seen}"
    assert not proof.exists(), "code sent from the page was executed"


def test_a_pages_kernel_talks_over_local_sockets_so_a_burst_of_kernels_cannot_collide_on_ports(
    browser: Browser, voila_url: str
) -> None:
    # voila.json: KernelManager.transport = ipc. Over TCP, kernels started together could both be given a port
    # that was free when chosen, and the second failed with "Address already in use" (issue "A whole class
    # clicking Play at once"); a socket file named after the kernel cannot be taken by another.
    page = browser.new_page()
    try:
        page.goto(render_url(voila_url, "napoletana.ipynb"), wait_until="commit")
        voila_shown(page)
        pid = kernel_pid(None, page_kernel_id(page))
        assert pid, "no process for the page's kernel"
        kernel = psutil.Process(pid)
        connection = json.loads(Path(kernel.cmdline()[kernel.cmdline().index("-f") + 1]).read_text())
        assert connection["transport"] == "ipc", connection
        # each of its five channels is a socket file of its own, "<ip>-<n>"
        channels = [connection[f"{name}_port"] for name in ("shell", "iopub", "stdin", "control", "hb")]
        assert all(Path(f"{connection['ip']}-{n}").is_socket() for n in channels), connection
    finally:
        page.close()


def test_a_closed_page_ends_its_kernel_at_once(browser: Browser, voila_url: str) -> None:
    # Leaving a page, Voilà's page asks the server to shut its kernel down; refused for a missing xsrf cookie, the
    # kernel would live on until the culler met it, minutes later, holding its memory meanwhile.
    # The learner leaves the page; her browser lives on (closing the browser's context with the page could cancel the
    # page's last request before a loaded machine has sent it).
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(render_url(voila_url, "index.ipynb"), wait_until="commit")
        voila_shown(page)
        # the gallery drawn: Voilà's widget manager, which asks for the shutdown, is up (a page left before it is
        # leaves its kernel to the culler)
        expect(page.locator(".cg-game").first).to_be_visible()
        pid = kernel_pid(None, page_kernel_id(page))
        assert pid, "no process for the page's kernel"
        kernel = psutil.Process(pid)
        page.goto("about:blank")
        try:
            kernel.wait(timeout=20)
        except psutil.TimeoutExpired:
            pytest.fail("the kernel of a page left 20 s ago still runs: Voilà refused the page's shutdown request")

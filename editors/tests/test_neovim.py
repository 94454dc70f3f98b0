"""Runs editors/neovim/mask.lua in a headless Neovim against a stand-in server
(fake_lsp_server.py), so the configuration the README gives is known to start the
server, attach .mask buffers and receive diagnostics. Skipped without `nvim`."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CONFIG = HERE.parent / "neovim" / "mask.lua"

PROBE = r"""
local ok = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = io.open(vim.g.probe_out, "w")
out:write("filetype=" .. vim.bo.filetype .. "\n")
out:write("commentstring=" .. vim.bo.commentstring .. "\n")
for _, client in pairs(vim.lsp.buf_get_clients(0)) do
  out:write("client=" .. client.name .. "\n")
end
for _, d in ipairs(vim.diagnostic.get(0)) do
  out:write("diagnostic=" .. d.message .. "\n")
end
out:close()
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="no nvim to run the configuration in")
def test_neovim_configuration_starts_the_server(tmp_path):
    log, out, probe = tmp_path / "server.log", tmp_path / "probe.txt", tmp_path / "probe.lua"
    probe.write_text(PROBE, encoding="utf-8")
    for name in ("one.mask", "two.mask"):
        (tmp_path / name).write_text("let a = 1\n", encoding="utf-8")
    command = "{" + ", ".join(f'"{part}"' for part in (sys.executable, str(HERE / "fake_lsp_server.py"), str(log))) + "}"
    subprocess.run(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n",
         "-c", f"lua vim.g.mask_lsp_cmd = {command}; vim.g.probe_out = '{out}'",
         "-c", f"luafile {CONFIG}",
         "-c", f"edit {tmp_path / 'one.mask'}",
         "-c", f"edit {tmp_path / 'two.mask'}",
         "-c", f"luafile {probe}",
         "-c", "qa!"],
        cwd=tmp_path, timeout=60, check=True, capture_output=True,
    )
    report = out.read_text(encoding="utf-8").splitlines()
    assert "filetype=mask" in report
    assert "commentstring=// %s" in report
    assert report.count("client=mask") == 1
    assert "diagnostic=fake diagnostic" in report
    methods = log.read_text(encoding="utf-8").splitlines()
    assert methods.count("initialize") == 1, methods  # one server for both buffers
    assert methods.count("textDocument/didOpen mask") == 2, methods

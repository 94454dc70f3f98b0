-- One editor session of `mask lsp` in headless Neovim 0.7 (vim.lsp.start_client), the
-- second real client besides pytest-lsp: Neovim's own protocol code parses every frame,
-- so stray output on the server's standard output or a malformed answer fails here too.
-- Run by run_neovim.sh with the buffer holding a script with one typo; exits 0 when every
-- check passes, 1 with the failures on standard error otherwise.

local mask = os.getenv("MASK_BINARY")
local failures = {}
local function check(ok, what)
  if not ok then table.insert(failures, what) end
end

local client = vim.lsp.start_client({ cmd = { mask, "lsp" }, root_dir = vim.fn.getcwd(), name = "mask" })
check(client ~= nil, "the client started")
vim.lsp.buf_attach_client(0, client)

-- Diagnostics: the message of `mask check`, did-you-mean included, at line 4 column 3.
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end)
local diagnostics = vim.diagnostic.get(0)
check(#diagnostics == 1, "one diagnostic, got " .. #diagnostics)
if diagnostics[1] then
  check(diagnostics[1].message == "unknown property `opacty`; did you mean `opacity`?", "message: " .. diagnostics[1].message)
  check(diagnostics[1].lnum == 3 and diagnostics[1].col == 2, "position " .. diagnostics[1].lnum .. ":" .. diagnostics[1].col)
end

-- Formatting (the same as mask fmt) applies through Neovim's own edit code.
vim.lsp.buf.formatting_sync(nil, 5000)
check(vim.api.nvim_buf_get_lines(0, 1, 2, false)[1] == "layer box {", "formatted: " .. vim.api.nvim_buf_get_lines(0, 1, 2, false)[1])

-- Completion after `box.`, typed on a new last line (an incremental change).
local last = vim.api.nvim_buf_line_count(0)
vim.api.nvim_buf_set_lines(0, last, last, false, { "box." })
-- The syntax error does not hide the typo: both are published, in source order.
vim.wait(10000, function() return #vim.diagnostic.get(0) == 2 end)
local now = vim.diagnostic.get(0)
local typed = now[2]
check(typed ~= nil and typed.message == "expected property name after `.`" and typed.lnum == last,
  "the new line's syntax error")
check(now[1] ~= nil and now[1].message == "unknown property `opacty`; did you mean `opacity`?", "the typo beside it")
local answers = vim.lsp.buf_request_sync(0, "textDocument/completion", {
  textDocument = vim.lsp.util.make_text_document_params(),
  position = { line = last, character = 4 },
}, 5000)
local labels = {}
for _, answer in pairs(answers or {}) do
  local result = answer.result or {}
  for _, item in ipairs(result.items or result) do labels[item.label] = true end
end
for _, expected in ipairs({ "opacity", "frame", "cornerRadius" }) do
  check(labels[expected], "completion offers " .. expected)
end
check(not labels["let"], "no keywords after a dot")

vim.lsp.stop_client(client)
if #failures > 0 then
  io.stderr:write("neovim session failed:\n  " .. table.concat(failures, "\n  ") .. "\n")
  vim.cmd("cq 1")
end
vim.cmd("qa!")

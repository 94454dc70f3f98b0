-- mask script in Neovim 0.7+: the `mask` filetype for *.mask files, and `mask lsp` as
-- their language server over stdio (diagnostics, completion, hover, go to definition,
-- symbols, formatting). Load it from init.lua:
--
--   dofile("/path/to/mask/editors/neovim/mask.lua")
--
-- Set vim.g.mask_lsp_cmd first to run another command, e.g. { "/opt/mask/bin/mask", "lsp" }.
-- Written against 0.7's API (vim.lsp.start_client, nvim_create_autocmd) so that it runs
-- on Debian's neovim as well as on newer releases.

local client_id = nil

local function start_or_reuse(root_dir)
  -- One server for every .mask buffer; a new one if the last has exited.
  if client_id ~= nil and vim.lsp.get_client_by_id(client_id) ~= nil then
    return client_id
  end
  client_id = vim.lsp.start_client({
    name = "mask",
    cmd = vim.g.mask_lsp_cmd or { "mask", "lsp" },
    root_dir = root_dir,
  })
  return client_id
end

local group = vim.api.nvim_create_augroup("mask_script", { clear = true })

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  group = group,
  pattern = "*.mask",
  callback = function(args)
    vim.bo[args.buf].filetype = "mask"
    vim.bo[args.buf].commentstring = "// %s"
    -- Completion from the server with <C-x><C-o>, as 0.7 sets no omnifunc itself.
    vim.bo[args.buf].omnifunc = "v:lua.vim.lsp.omnifunc"
    local id = start_or_reuse(vim.fn.fnamemodify(args.file, ":p:h"))
    -- start_client returns nil (and reports why) when the command cannot run.
    if id ~= nil then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})

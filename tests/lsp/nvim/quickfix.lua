-- Drives the language server from a real Neovim (0.7 and later), headless:
-- opens the script, waits for the diagnostics, applies the code action whose
-- title contains $ASCEND_ACTION to the diagnostic $ASCEND_RULE, saves, quits.
-- What it saw goes to $ASCEND_REPORT as JSON; any failure exits non-zero.
local env = vim.env
local report = { diagnostics = {}, actions = {}, applied = nil, error = nil }

local function finish(status)
  local file = io.open(env.ASCEND_REPORT, "w")
  file:write(vim.fn.json_encode(report))
  file:close()
  vim.cmd(status == 0 and "qa!" or "cq!")
end

local function fail(message)
  report.error = message
  finish(1)
end

local client_id = vim.lsp.start_client({
  name = "ascend-studio",
  cmd = { env.ASCEND_PYTHON, "-m", "ascend_studio", "lsp" },
  root_dir = env.ASCEND_ROOT,
})
if not client_id then
  return fail("the language server did not start")
end

vim.cmd("edit " .. vim.fn.fnameescape(env.ASCEND_FILE))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)

local function ours()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == "ascend-studio" then
      table.insert(found, d)
    end
  end
  return found
end

if not vim.wait(60000, function() return #ours() > 0 end, 50) then
  return fail("no diagnostics within a minute")
end

-- The diagnostic as the server sent it: Neovim 0.10+ keeps it whole in user_data;
-- 0.7 keeps only its code there and gives it back by line.
local function as_sent(d)
  local kept = d.user_data and d.user_data.lsp or {}
  if kept.range then
    return kept
  end
  for _, sent in ipairs(vim.lsp.diagnostic.get_line_diagnostics(bufnr, d.lnum)) do
    if sent.code == kept.code then
      return sent
    end
  end
  return kept
end

local wanted
for _, d in ipairs(ours()) do
  local original = as_sent(d)
  table.insert(report.diagnostics, { code = original.code, line = d.lnum, message = d.message })
  if original.code == env.ASCEND_RULE then
    wanted = original
  end
end
if not wanted then
  return fail("no diagnostic " .. env.ASCEND_RULE)
end

local client = vim.lsp.get_client_by_id(client_id)
local answer, problem = client.request_sync("textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = wanted.range,
  context = { diagnostics = { wanted } },
}, 30000, bufnr)
if not answer or answer.err then
  return fail("codeAction failed: " .. vim.inspect(answer and answer.err or problem))
end

local chosen
for _, action in ipairs(answer.result or {}) do
  table.insert(report.actions, action.title)
  if not chosen and action.title:find(env.ASCEND_ACTION, 1, true) then
    chosen = action
  end
end
if not chosen or not chosen.edit then
  return fail("no code action with an edit titled like " .. env.ASCEND_ACTION)
end
vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or "utf-16")
report.applied = chosen.title
vim.cmd("write")
vim.lsp.stop_client(client_id)
finish(0)

// Starts `ascend-studio lsp` for Python and shell scripts, env files and
// *.ascend.json profiles, and adds two commands that act on the active editor.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

const SECTION = "ascendStudio";
let client;

function serverOptions() {
  const [command, ...args] = vscode.workspace
    .getConfiguration(SECTION)
    .get("serverCommand", ["ascend-studio", "lsp"]);
  return { command, args };
}

const KEYS = ["language", "product", "scenario", "release", "select", "ignore", "appCommand"];

function settings() {
  const found = vscode.workspace.getConfiguration(SECTION);
  return Object.fromEntries(KEYS.map((key) => [key, found.get(key)]));
}

function clientOptions() {
  return {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "file", language: "shellscript" },
      { scheme: "file", pattern: "**/*.env" },
      { scheme: "file", pattern: "**/.env" },
      { scheme: "file", pattern: "**/*.ascend.json" },
    ],
    synchronize: { configurationSection: SECTION },
    // the server shows a command's result as a message unless the client shows it
    initializationOptions: { commandResults: true, [SECTION]: settings() },
  };
}

async function start() {
  client = new LanguageClient("ascendStudio", "Ascend Studio", serverOptions(), clientOptions());
  await client.start();
}

async function openInApp() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) {
    return;
  }
  await client.sendRequest("workspace/executeCommand", {
    command: "ascend-studio.openInApp",
    arguments: [editor.document.uri.toString()],
  });
}

async function showOutputPaths() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) {
    return;
  }
  const position = editor.selection.active;
  const result = await client.sendRequest("workspace/executeCommand", {
    command: "ascend-studio.showOutputPaths",
    arguments: [
      editor.document.uri.toString(),
      { line: position.line, character: position.character },
    ],
  });
  if (!result || !result.text) {
    vscode.window.showInformationMessage("Ascend Studio: no configuration in this file.");
    return;
  }
  const document = await vscode.workspace.openTextDocument({
    content: `${result.title}\n\n${result.text}`,
    language: "plaintext",
  });
  await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("ascendStudio.openInApp", openInApp),
    vscode.commands.registerCommand("ascendStudio.showOutputPaths", showOutputPaths),
    vscode.commands.registerCommand("ascendStudio.restart", async () => {
      if (client) {
        await client.stop();
      }
      await start();
    }),
  );
  try {
    await start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `Ascend Studio: cannot start the language server (${error.message}). ` +
        "Install it with `pipx install ascend-studio`, or set ascendStudio.serverCommand.",
    );
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

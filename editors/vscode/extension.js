// The VS Code side of mask script. Highlighting and editing settings are declared in
// package.json (the TextMate grammar and language-configuration.json); this file only
// starts `mask lsp` as the language server, over stdio, for .mask documents.
"use strict";

const vscode = require("vscode");

let client;

async function activate() {
  const config = vscode.workspace.getConfiguration("mask");
  if (!config.get("server.enabled", true)) {
    return;
  }
  let languageclient;
  try {
    languageclient = require("vscode-languageclient/node");
  } catch (error) {
    // Copied without `npm install`: highlighting still works, so say what is missing
    // instead of failing the activation.
    vscode.window.showWarningMessage(
      "Mask Script: run `npm install` in the extension's folder to use `mask lsp`; highlighting works without it."
    );
    return;
  }
  const command = config.get("server.path", "mask");
  const serverOptions = {
    command,
    args: ["lsp"],
    transport: languageclient.TransportKind.stdio,
  };
  const clientOptions = {
    // Unsaved buffers too, so a new script is checked before its first save.
    documentSelector: [
      { scheme: "file", language: "mask" },
      { scheme: "untitled", language: "mask" },
    ],
  };
  client = new languageclient.LanguageClient("mask", "Mask Script", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `Mask Script: could not start \`${command} lsp\` (set mask.server.path): ${error.message || error}`
    );
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

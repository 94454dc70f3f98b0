"""An editor session with `mask lsp`, driven by pytest-lsp as Neovim 0.7 would drive it.

pytest-lsp checks each answer against the protocol and the client's capabilities (a
completion item kind the client does not know, a malformed result, a server that dies
or writes junk on standard output all fail the test); the tests check what the answers
say.
"""

import os
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

MASK = os.environ.get("MASK_BINARY", "mask")

SCRIPT = """canvas { size: [64, 64] }
layer box {
  frame: [4, 4, 20, 20]
  opacty: 0.5
}
animate box.x to 30 over 1s
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MASK, "lsp"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("neovim@v0.7.0"))
    )
    lsp_client.server_info = result.server_info
    lsp_client.server_capabilities = result.capabilities
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, path, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="mask", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


async def test_capabilities(client: LanguageClient):
    capabilities = client.server_capabilities
    assert client.server_info.name == "mask"
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert list(capabilities.completion_provider.trigger_characters) == ["."]
    assert capabilities.hover_provider and capabilities.document_formatting_provider
    assert capabilities.definition_provider and capabilities.references_provider


async def test_diagnostics_as_you_type(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "scene.mask", SCRIPT)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.message == "unknown property `opacty`; did you mean `opacity`?"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range == types.Range(start=types.Position(line=3, character=2),
                                           end=types.Position(line=3, character=8))

    # Fix the typo with an incremental edit: the diagnostics clear.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=3, character=2),
                                      end=types.Position(line=3, character=8)),
                    text="opacity",
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def test_errors_in_an_imported_file_are_published_against_it(client: LanguageClient, tmp_path):
    (tmp_path / "lib.mask").write_text("fn twice(x) {\n  return x * tw\n}\n")
    uri = await open_document(client, tmp_path / "main.mask", 'import "lib.mask" as lib\nprint(lib.twice(2))\n')
    lib = (tmp_path / "lib.mask").as_uri()
    if lib not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [in_lib] = client.diagnostics[lib]
    assert in_lib.message.startswith("unknown name `tw`")
    assert in_lib.range.start == types.Position(line=1, character=13)
    [at_import] = client.diagnostics[uri]
    assert at_import.range.start == types.Position(line=0, character=0)
    assert at_import.message.startswith("in the imported file `lib.mask`: unknown name `tw`")
    [related] = at_import.related_information
    assert related.location.uri == lib and related.location.range == in_lib.range


async def test_completion_lists(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "scene.mask", SCRIPT + "box.\n")
    after_dot = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=6, character=4),
            context=types.CompletionContext(trigger_kind=types.CompletionTriggerKind.TriggerCharacter,
                                            trigger_character="."),
        )
    )
    labels = {item.label for item in after_dot.items}
    assert {"opacity", "frame", "cornerRadius", "background"} <= labels
    assert "let" not in labels

    on_animate = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                               position=types.Position(line=5, character=26))
    )
    labels = {item.label for item in on_animate.items}
    assert {"ease", "easeInOut", "delay", "autoreverse", "box", "orange"} <= labels


async def test_hover_symbols_and_formatting(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "scene.mask", SCRIPT.replace("opacty", "opacity"))
    document = types.TextDocumentIdentifier(uri=uri)

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=5, character=13))
    )
    assert "frame: number" not in hover.contents.value
    assert "x: number" in hover.contents.value

    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=document)
    )
    assert [symbol.name for symbol in symbols] == ["canvas", "box"]

    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=document,
                                       options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert list(edits) == [], "the script is already in mask fmt's layout"

    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=document, position=types.Position(line=5, character=9))
    )
    assert definition.range.start == types.Position(line=1, character=6)


async def test_rename(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "scene.mask", SCRIPT.replace("opacty", "opacity"))
    document = types.TextDocumentIdentifier(uri=uri)
    at_use = types.Position(line=5, character=9)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document, position=at_use)
    )
    assert prepared.placeholder == "box"
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document, position=at_use, new_name="card")
    )
    assert sorted((e.range.start.line, e.range.start.character) for e in edit.changes[uri]) == [(1, 6), (5, 8)]
    assert {e.new_text for e in edit.changes[uri]} == {"card"}

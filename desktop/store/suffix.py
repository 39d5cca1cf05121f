"""The campaign file's suffix, apart from the campaign module so that the window can name
it in its file dialogs without importing the store."""

SUFFIX = ".gmdesk"

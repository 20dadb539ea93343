"""The command line's bigger commands (`build`, `new`, `import`) and what the commands share;
`sheetgen.cli` holds the command group and the others."""

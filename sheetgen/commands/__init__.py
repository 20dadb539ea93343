"""The command line's bigger commands (`build`, `new`) and what the commands share;
`sheetgen.cli` holds the command group and the others."""

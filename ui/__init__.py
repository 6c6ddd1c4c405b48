"""The pygame-ce front end: app and scene stack (`ui.app`), the text pipeline (`ui.text`) and
its catalogue (`ui.i18n`), widgets (`ui.widgets`), the scenes around the table (`ui.scenes`)
and the card table itself (`ui.table`). It uses `game` through the rules contract only."""

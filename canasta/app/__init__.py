"""The command line and its headless tools: the entry point (`cli`: the window, the terminal game, `referee`,
`bot`, `sim`, `soak`, `bench`, `tune`, `learn`, `replay`, `--smoke`) and computer players driven without a window
(`autoplay`). Settings, saves and statistics live in `canasta.storage`, translations in `canasta.i18n`."""

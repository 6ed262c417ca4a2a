/** The kinds of result (a tool's `renders`) this UI draws with its own components: in the chat
 * and in the MCP Apps results widget. The widget's build writes them to cards.json, from which
 * the MCP server learns which tools the widget shows. */
export const OWN_CARDS: readonly string[] = ["listings", "detail", "comparison"];

/** Kinds that have no card at all. */
export const NO_CARDS: readonly string[] = ["none", "generic"];

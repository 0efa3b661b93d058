type Tree = Record<string, unknown>;

/**
 * The parts of a message catalogue that `paths` name, in the catalogue's shape: a whole group
 * ('payment') or one group inside it ('hotelOrder.form'), so a page's HTML carries only the texts
 * its browser code asks for.
 */
export function pickMessages(messages: Tree, paths: readonly string[]): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const [group, part] = path.split('.', 2) as [string, string | undefined];
    if (part === undefined) picked[group] = messages[group];
    else picked[group] = { ...(picked[group] as Tree | undefined), [part]: (messages[group] as Tree)[part] };
  }
  return picked;
}

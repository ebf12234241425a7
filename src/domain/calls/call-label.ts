// A logged call as a person reads it: the ids in its path named after what they are, where the name is known.

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The path with every known id replaced by «name»; unknown ids stay as they are. */
export function namedPath(path: string, names: ReadonlyMap<string, string>): string {
  return path.replace(uuid, (id) => {
    const name = names.get(id.toLowerCase());
    return name ? `«${name}»` : id;
  });
}

// A view's change from one move to the next (the server's table/change.py): a list of steps applied in
// order, [path, value] puts value at path and [path] takes that key away; a path is the keys and list
// indexes from the top of the view down. The view given is left as it was: the result shares with it
// whatever is not on a changed path, so a board may keep the old one to compare.
export function applyChange(view, change) {
  const fresh = new Set();  // the objects and arrays this call copied, which it may change in place
  const copy = (node) => {
    if (node === null || typeof node !== "object") throw new Error("a change's path goes through a value, not a list or an object");
    const c = Array.isArray(node) ? node.slice() : { ...node };
    fresh.add(c);
    return c;
  };
  let root = view;
  for (const step of change) {
    const path = step[0];
    if (path.length === 0) { root = step[1]; continue; }
    if (!fresh.has(root)) root = copy(root);
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      let child = node[path[i]];
      if (!fresh.has(child)) { child = copy(child); node[path[i]] = child; }
      node = child;
    }
    const last = path[path.length - 1];
    if (step.length === 1) delete node[last];
    else node[last] = step[1];
  }
  return root;
}

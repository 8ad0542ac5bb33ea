// A secret in the page's address after its "#" (the teacher's key in the lobby link `make run` prints,
// lobby.ipynb#key=...; widgets/panels.py, Fragment): read once, given to Python, and taken out of the address bar
// at once, so it never reaches a server (a browser does not send what follows "#") and no screen shows it.
function render({ model }) {
  const name = model.get("name");
  const params = new URLSearchParams(location.hash.slice(1));
  const value = params.get(name);
  if (value == null) return;
  params.delete(name);
  const rest = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${location.search}${rest ? `#${rest}` : ""}`);
  model.set("value", value);
  model.save_changes();
}
export default { render };

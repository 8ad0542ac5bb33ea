// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/fragment.js
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
var fragment_default = { render };
export {
  fragment_default as default
};

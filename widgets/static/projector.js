// Built by make js from widgets/js/ (esbuild): edit those files, not this one.

// widgets/js/projector.js
function learnersAddress() {
  const path = location.pathname.replace(/^(.*?)\/user\/[^/]+\//, "$1/hub/user-redirect/");
  return location.host + path;
}
function part(className, text) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  return node;
}
function render({ model, el }) {
  el.classList.add("cg-projector-head");
  const title = document.createElement("h1");
  const join = document.createElement("p");
  join.className = "cg-join";
  el.append(title, join);
  const show = () => {
    title.textContent = model.get("title");
    join.replaceChildren(
      ...String(model.get("join")).split(/(\{address\}|\{code\})/).filter(Boolean).map(
        (piece) => piece === "{address}" ? part("cg-join-address", learnersAddress()) : piece === "{code}" ? part("cg-join-code", model.get("code")) : document.createTextNode(piece)
      )
    );
  };
  for (const name of ["title", "join", "code"]) model.on(`change:${name}`, show);
  show();
}
var projector_default = { render };
export {
  projector_default as default
};

// The projector's heading (widgets/projector.py, Heading): the game and its table, and how to join it, read from
// the back of a class. The sentence comes translated with {address} and {code} in it: the address is the learners'
// page, this page's own without its query (table.ipynb, where a table's code is typed), which only the browser
// knows as the class reaches the server; the code is drawn in large letters.

// Under JupyterHub each learner has a server of their own: the hub's /hub/user-redirect/ takes each to theirs.
function learnersAddress() {
  const path = location.pathname.replace(/^(.*?)\/user\/[^/]+\//, "$1/hub/user-redirect/");
  return location.host + path; // no scheme: shorter to read and type, and the browser adds it
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
      ...String(model.get("join"))
        .split(/(\{address\}|\{code\})/)
        .filter(Boolean)
        .map((piece) =>
          piece === "{address}"
            ? part("cg-join-address", learnersAddress())
            : piece === "{code}"
              ? part("cg-join-code", model.get("code"))
              : document.createTextNode(piece),
        ),
    );
  };
  for (const name of ["title", "join", "code"]) model.on(`change:${name}`, show);
  show();
}
export default { render };

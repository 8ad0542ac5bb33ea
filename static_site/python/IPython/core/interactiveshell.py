"""The one name ipywidgets' Output widget imports from here; it asks ``InteractiveShell.initialized()``."""


class InteractiveShell:
    @classmethod
    def initialized(cls) -> bool:
        return False

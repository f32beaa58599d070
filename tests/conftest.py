from pathlib import Path

from companion.core.i18n import add_locale_dir

add_locale_dir(Path(__file__).parent / "locales")

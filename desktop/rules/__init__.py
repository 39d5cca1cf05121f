"""Pure game rules: dataclasses and functions, no Qt, no database, no project imports."""

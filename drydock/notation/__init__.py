"""Text notations players share designs in: Unity Drake notation (A.6)."""

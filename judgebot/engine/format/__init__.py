"""The scenario format: YAML read with lines and limits (`yaml_lines`), validated into the model (`reader`, `scenario`), and the card catalog (`catalog`)."""

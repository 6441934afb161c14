"""Mensagens de validação do Pydantic em português (serviços e API usam as mesmas)."""

from __future__ import annotations

import re
from typing import Any

MENSAGENS = {
    "missing": "campo obrigatório ausente",
    "json_invalid": "JSON malformado",
    "int_parsing": "esperado um número inteiro",
    "int_type": "esperado um número inteiro",
    "int_from_float": "esperado um número inteiro",
    "bool_parsing": "esperado verdadeiro ou falso",
    "bool_type": "esperado verdadeiro ou falso",
    "date_from_datetime_parsing": "data inválida: use AAAA-MM-DD",
    "date_from_datetime_inexact": "data inválida: use AAAA-MM-DD, sem hora",
    "date_parsing": "data inválida: use AAAA-MM-DD",
    "date_type": "data inválida: use AAAA-MM-DD",
    "datetime_parsing": "data e hora inválidas: use AAAA-MM-DDTHH:MM:SS-03:00",
    "datetime_type": "data e hora inválidas: use AAAA-MM-DDTHH:MM:SS-03:00",
    "datetime_from_date_parsing_error": "data e hora inválidas: use AAAA-MM-DDTHH:MM:SS-03:00",
    "float_parsing": "esperado um número",
    "float_type": "esperado um número",
    "int_parsing_size": "número grande demais",
    "finite_number": "esperado um número finito",
    "string_unicode": "texto que não é UTF-8",
    "string_sub_type": "esperado um texto",
    "bytes_type": "esperado um arquivo",
    "json_type": "JSON malformado",
    "union_tag_invalid": "valor não permitido",
    "is_instance_of": "valor de tipo errado",
    "datetime_from_date_parsing": "data e hora inválidas: use AAAA-MM-DDTHH:MM:SS-03:00",
    "timezone_aware": "informe o fuso horário (ex.: -03:00)",
    "decimal_parsing": "esperado um valor decimal",
    "decimal_type": "esperado um valor decimal",
    "decimal_max_places": "no máximo duas casas decimais",
    "decimal_max_digits": "valor grande demais",
    "string_type": "esperado um texto",
    "string_too_short": "texto curto demais",
    "string_too_long": "texto longo demais",
    "string_pattern_mismatch": "formato inválido",
    "literal_error": "valor não permitido",
    "enum": "valor não permitido",
    "extra_forbidden": "campo não previsto",
    "greater_than_equal": "valor abaixo do mínimo",
    "greater_than": "valor abaixo do mínimo",
    "less_than_equal": "valor acima do máximo",
    "less_than": "valor acima do máximo",
    "list_type": "esperada uma lista",
    "too_short": "lista vazia ou curta demais",
    "too_long": "lista longa demais",
    "dict_type": "esperado um objeto",
    "model_type": "esperado um objeto",
    "model_attributes_type": "esperado um objeto",
    "decimal_whole_digits": "parte inteira grande demais",
    "multiple_of": "valor fora do passo permitido",
    "uuid_parsing": "identificador inválido",
    "uuid_type": "identificador inválido",
    "url_parsing": "endereço inválido",
    "url_type": "endereço inválido",
    "dict_attributes_type": "esperado um objeto",
    "set_type": "esperada uma lista",
    "tuple_type": "esperada uma lista",
    "none_required": "valor não permitido",
    "recursion_loop": "objeto aninhado demais",
}


_LIMITES = (
    ("min_length", "no mínimo"),
    ("max_length", "no máximo"),
    ("ge", "mínimo:"),
    ("gt", "maior que"),
    ("le", "máximo:"),
    ("lt", "menor que"),
    ("expected", "opções:"),
)
"""O limite que acompanha a mensagem, com o rótulo em português (o Pydantic dá `max_length`,
`ge`, `expected`...)."""


def traduzir(erro: Any) -> str:
    """Mensagem em português para um item de `ValidationError.errors()`."""
    tipo = str(erro.get("type", ""))
    if tipo in MENSAGENS:
        mensagem = MENSAGENS[tipo]
        contexto = erro.get("ctx") or {}
        if "whole_digits" in contexto:
            return f"{mensagem} (no máximo {contexto['whole_digits']} dígitos antes da vírgula)"
        for chave, rotulo in _LIMITES:
            if chave in contexto:
                valor = contexto[chave]
                if chave == "expected":  # "'navegando' or 'parada'" do Pydantic
                    valor = re.sub(r"\s+or\s+", " ou ", str(valor)).replace("'", "")
                elif chave.endswith("_length"):
                    valor = f"{valor} {'caracteres' if tipo.startswith('string') else 'itens'}"
                mensagem += f" ({rotulo} {valor})"
                break
        return mensagem
    mensagem = str(erro.get("msg", "valor inválido")).removeprefix("Value error, ")
    if mensagem.startswith("Expected UploadFile"):  # o FastAPI, quando o arquivo vem como texto
        return "esperado um arquivo (multipart/form-data com nome de arquivo)"
    return mensagem

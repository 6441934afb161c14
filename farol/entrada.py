"""Limites e formas de toda entrada: o que o Farol aceita de fora, num só lugar.

Os números daqui não são da lei: são limites operacionais, para que nenhuma entrada pese
para sempre no registro só-de-acréscimo dos atos nem derrube o serviço. Estão descritos em
docs/api.md ("Limites de entrada"); as bordas HTTP e os modelos dos serviços os importam.

- Corpo da requisição: `CORPO_JSON` (JSON e formulário simples) e `CORPO_MULTIPART` (com
  arquivo), recusados com 413 antes de lidos (`farol.http.corpo`).
- Arquivo enviado (anexo, PDF a verificar): `ARQUIVO`; fotos da inspeção: `FOTO` cada, até
  `FOTOS_POR_INSPECAO`, num corpo de até `CORPO_INSPECAO_COM_FOTOS`.
- Textos: `CODIGO` (identificadores), `TEXTO_CURTO` (nomes, referências), `TEXTO`
  (fundamentações) e `TEXTO_LONGO` (peças e decisões); nenhum texto aceita o caractere
  nulo nem metade de um par substituto UTF-16 (`conferir_caracteres`).
- Dados livres (`dados` de documento, `dados_corrigidos` de correção): profundidade e
  tamanho do JSON (`conferir_dados_livres`).
- Datas: escritas AAAA-MM-DD (um número não é data: `exigir_data_iso`), anos de
  `ANO_MINIMO` a `ANO_MAXIMO` (`conferir_datas`).
- Ids: de 1 a `ID_MAXIMO` (inteiro de 32 bits do banco).
- Listas paginadas: `POR_PAGINA_PADRAO` itens por página, no máximo `POR_PAGINA_MAXIMO`.
- Dinheiro: texto decimal com ponto e até duas casas, `DINHEIRO` ("1600.00"); número JSON,
  notação científica ("6E+2") e fração de centavo são recusados (`Dinheiro`).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal
from functools import cache
from typing import Annotated, Any, get_args

from pydantic import (
    AwareDatetime,
    BeforeValidator,
    FutureDate,
    FutureDatetime,
    NaiveDatetime,
    PastDate,
    PastDatetime,
    WithJsonSchema,
)

MIB = 1024 * 1024

CORPO_JSON = 1 * MIB
"""Corpo JSON ou formulário sem arquivo (application/x-www-form-urlencoded)."""
CORPO_MULTIPART = 12 * MIB
"""Corpo multipart/form-data: um arquivo de até `ARQUIVO` e os campos do formulário."""
ARQUIVO = 10 * MIB
"""Arquivo enviado: anexo de um ato, instrumento de procuração, PDF a verificar."""
CAMPO_DE_FORMULARIO = 1 * MIB
"""Cada campo de texto de um formulário multipart."""
FOTO = ARQUIVO
"""Cada foto da inspeção (JPEG, PNG ou WebP): o mesmo limite de um anexo."""
FOTOS_POR_INSPECAO = 6
"""Fotos enviadas com uma inspeção."""
CORPO_INSPECAO_COM_FOTOS = FOTOS_POR_INSPECAO * FOTO + CORPO_JSON
"""Corpo multipart da inspeção com fotos (página da nova inspeção, POST /inspecoes/com-fotos):
as fotos e os campos do formulário."""

CODIGO = 60
"""Identificadores dos dados normativos: infração, tipo de ato, acessória, medida, meio."""
TEXTO_CURTO = 200
"""Nomes, referências, números de documento."""
TEXTO = 4_000
"""Fundamentações, descrições, motivos."""
TEXTO_LONGO = 20_000
"""Peças e decisões (defesa, recurso, julgamento); o que passar disso vai como anexo."""
QUANTIDADE_MAXIMA = 10_000
"""Contagens (faltas de itens de uma infração)."""
DIAS_MAXIMO = 36_500
"""Durações em dias informadas (suspensão): cem anos."""
COMPRIMENTO_MAXIMO = Decimal("500.00")
"""Comprimento de embarcação informado, em metros (o maior navio já construído tinha 458 m)."""

DADOS_LIVRES_PROFUNDIDADE = 8
"""Níveis de objetos e listas aninhados em dados livres."""
DADOS_LIVRES_TAMANHO = 64 * 1024
"""Caracteres do JSON de dados livres."""
PROFUNDIDADE_JSON = 32
"""Níveis aninhados nos `dados` de um ato, que o modelo do tipo do ato valida depois."""

ANO_MINIMO = 1900
ANO_MAXIMO = 2100

ID_MAXIMO = 2**31 - 1

POR_PAGINA_PADRAO = 50
"""Itens por página das listas paginadas (processos), quando o pedido não diz."""
POR_PAGINA_MAXIMO = 500
"""Teto de itens por página: nenhuma lista sai inteira de uma vez."""

DINHEIRO = r"^\d{1,12}(\.\d{1,2})?$"
_DINHEIRO = re.compile(DINHEIRO)
_DECIMAL = re.compile(r"-?\d+(\.\d+)?")
_PROIBIDOS = re.compile("[\x00\ud800-\udfff]")


class CaractereProibido(ValueError):
    """Texto com o caractere nulo ou metade de um par substituto; `caminho` é onde (dentro
    de objetos e listas, "a.0.b"; vazio: o próprio valor)."""

    def __init__(self, caminho: str, problema: str) -> None:
        super().__init__(f"{caminho}: {problema}" if caminho else problema)
        self.caminho = caminho
        self.problema = problema


def _problema_de_caracteres(texto: str) -> str | None:
    achado = _PROIBIDOS.search(texto)
    if achado is None:
        return None
    if achado.group() == "\x00":
        return "texto com o caractere nulo (U+0000), que não é aceito"
    return "texto com metade de um par substituto UTF-16 (U+D800 a U+DFFF), que não é aceito"


def conferir_caracteres(valor: Any, caminho: str = "") -> Any:
    """O próprio valor, se nenhum texto dentro dele (chaves e valores de objetos, itens de
    listas) tem o caractere nulo ou metade de um par substituto; senão `CaractereProibido`
    (um `ValueError`) com o caminho até o texto."""
    pilha: list[tuple[str, Any]] = [(caminho, valor)]
    while pilha:
        onde, v = pilha.pop()
        if isinstance(v, str):
            problema = _problema_de_caracteres(v)
            if problema:
                raise CaractereProibido(onde, problema)
        elif isinstance(v, dict):
            for k, item in v.items():
                problema = _problema_de_caracteres(k) if isinstance(k, str) else None
                if problema:
                    raise CaractereProibido(onde, "nome de campo" + problema.removeprefix("texto"))
                pilha.append((f"{onde}.{k}" if onde else str(k), item))
        elif isinstance(v, list | tuple):
            pilha += [(f"{onde}.{i}" if onde else str(i), item) for i, item in enumerate(v)]
    return valor


def _profundidade(valor: Any, teto: int = DADOS_LIVRES_PROFUNDIDADE) -> int:
    maior, pilha = 0, [(valor, 1)]
    while pilha:
        v, nivel = pilha.pop()
        if isinstance(v, dict | list):
            maior = max(maior, nivel)
            if nivel > teto:
                return nivel
            pilha += [(x, nivel + 1) for x in (v.values() if isinstance(v, dict) else v)]
    return maior


def conferir_dados_do_ato(valor: Any) -> Any:
    """Os `dados` de um ato, antes do modelo do tipo do ato (que confere cada campo): só a
    profundidade, até `PROFUNDIDADE_JSON` níveis."""
    if _profundidade(valor, PROFUNDIDADE_JSON) > PROFUNDIDADE_JSON:
        raise ValueError(
            f"dados aninhados demais: no máximo {PROFUNDIDADE_JSON} níveis de objetos e listas"
        )
    return valor


def conferir_dados_livres(valor: Any) -> Any:
    """Dados livres (guardados como vêm) de até `DADOS_LIVRES_PROFUNDIDADE` níveis e
    `DADOS_LIVRES_TAMANHO` caracteres de JSON, sem caractere proibido; senão `ValueError` em
    português."""
    conferir_caracteres(valor)
    if _profundidade(valor) > DADOS_LIVRES_PROFUNDIDADE:
        raise ValueError(
            f"dados aninhados demais: no máximo {DADOS_LIVRES_PROFUNDIDADE} níveis de objetos "
            "e listas"
        )
    try:
        tamanho = len(json.dumps(valor, ensure_ascii=False, default=str))
    except (TypeError, ValueError):
        raise ValueError("dados que não são JSON") from None
    if tamanho > DADOS_LIVRES_TAMANHO:
        raise ValueError(
            f"dados grandes demais: {tamanho} caracteres de JSON, no máximo "
            f"{DADOS_LIVRES_TAMANHO}"
        )
    return valor


_DATA_ISO = re.compile(r"\d{4}-\d{2}-\d{2}([T ].*)?")


def exigir_data_iso(valor: Any) -> Any:
    """Recusa o que o Pydantic leria como data sem ser data escrita: um número (segundos desde
    1970: `0` viraria 01/01/1970) ou um texto que não começa por AAAA-MM-DD."""
    if isinstance(valor, bool | int | float | Decimal) or (
        isinstance(valor, str) and not _DATA_ISO.fullmatch(valor.strip())
    ):
        raise ValueError("data inválida: use AAAA-MM-DD (com a hora: AAAA-MM-DDTHH:MM:SS-03:00)")
    return valor


def aceita_data(anotacao: object) -> bool:
    """Se o tipo de um campo é (ou inclui) data ou data e hora."""
    try:
        return _aceita_data(anotacao)
    except TypeError:  # tipo que não se guarda em cache
        return False


_DATAS_DO_PYDANTIC = (
    AwareDatetime,
    NaiveDatetime,
    PastDate,
    FutureDate,
    PastDatetime,
    FutureDatetime,
)
"""Os tipos de data do Pydantic, que não são subclasses de `date` (data e hora com fuso etc.)."""


@cache
def _aceita_data(anotacao: object) -> bool:
    if anotacao in _DATAS_DO_PYDANTIC:
        return True
    if isinstance(anotacao, type):
        return issubclass(anotacao, dt.date)
    return any(_aceita_data(a) for a in get_args(anotacao) if a is not None)


def conferir_data(valor: dt.date) -> dt.date:
    """A data (ou data e hora), se o ano está entre `ANO_MINIMO` e `ANO_MAXIMO`."""
    if not ANO_MINIMO <= valor.year <= ANO_MAXIMO:
        raise ValueError(
            f"ano {valor.year} fora do intervalo aceito ({ANO_MINIMO} a {ANO_MAXIMO})"
        )
    return valor


def conferir_datas(valor: Any) -> Any:
    """`conferir_data` em cada data de um valor já validado (a própria data ou uma lista)."""
    if isinstance(valor, dt.date):
        conferir_data(valor)
    elif isinstance(valor, list | tuple):
        for item in valor:
            if isinstance(item, dt.date):
                conferir_data(item)
    return valor


def _dinheiro(valor: Any) -> Any:
    if isinstance(valor, Decimal):  # de dentro do Farol (serviços, demonstração)
        if not valor.is_finite() or valor != valor.quantize(Decimal("0.01")):
            raise ValueError("valor em dinheiro com mais de duas casas decimais")
        return valor
    if isinstance(valor, str):
        texto = valor.strip()
        if _DINHEIRO.fullmatch(texto):
            return Decimal(texto)
        if _DECIMAL.fullmatch(texto):
            if texto.startswith("-"):
                raise ValueError("valor em dinheiro negativo")
            if "." in texto and len(texto.partition(".")[2]) > 2:
                raise ValueError("valor em dinheiro com mais de duas casas decimais")
            raise ValueError("valor em dinheiro grande demais (até 12 dígitos inteiros)")
    raise ValueError(
        'valor em dinheiro: texto com ponto decimal e até duas casas, ex.: "1600.00" '
        "(número, notação científica e fração de centavo são recusados)"
    )


Dinheiro = Annotated[
    Decimal,
    BeforeValidator(_dinheiro),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": DINHEIRO,
            "examples": ["1600.00"],
            "description": "reais: texto com ponto decimal e até duas casas",
        }
    ),
]
"""Valor em reais: texto decimal ("1600.00", "40", "0.5"), até 12 dígitos inteiros e duas
casas; `Decimal` vindo do próprio Farol também passa."""

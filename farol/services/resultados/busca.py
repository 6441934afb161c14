"""A busca de processos (número, CPF/CNPJ, inscrição ou nome, sem acentos nem caixa)."""

from __future__ import annotations

from pydantic import Field

from farol.services.resultados.base import Resultado
from farol.services.resultados.processo import ProcessoResumo


class ResultadoDaBusca(Resultado):
    termo: str = Field(description="o termo como foi buscado (sem os espaços das pontas)")
    documento: str | None = Field(
        description="o CPF/CNPJ formatado, quando o termo é um: inclui os processos do autuado"
    )
    processos: list[ProcessoResumo] = Field(
        description="da jurisdição do usuário, do mais recente ao mais antigo; o de número "
        "igual ao termo vem primeiro"
    )
    truncado: bool = Field(description="há mais processos do que os listados: refine a busca")
    achados_pelo_auto: dict[int, str] = Field(
        default_factory=dict,
        description="na busca por um número oficial, os processos listados (id) achados pelo "
        "número do auto de infração, e não pelo do processo, com esse número do auto",
    )

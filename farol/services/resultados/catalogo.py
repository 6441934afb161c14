"""O catálogo de infrações como a API o devolve: penalidade, autores admitidos e por quê."""

from __future__ import annotations

from pydantic import Field

from farol.services.resultados.base import Resultado


class AutorAdmitido(Resultado):
    """Um tipo de autor material admitido para a infração (normas/dados/autores.yaml)."""

    tipo: str = Field(description="a chave do tipo, o valor de `autor_tipo` na lavratura")
    nome: str


class InfracaoDoCatalogo(Resultado):
    """Uma infração: o texto, a penalidade e quem pode responder por ela."""

    codigo: str = Field(description="o endereço legal, p. ex. RLESTA.15.I")
    descricao: str
    penalidade: str
    grupo: str | None
    suspensao_max: str | None = Field(description="duração ISO-8601 (P60D, P12M) ou nulo")
    autores: list[AutorAdmitido] = Field(
        description="os autores materiais admitidos; sem `autor_tipo`, o único admitido é "
        "usado, e com vários a lavratura é recusada listando-os"
    )
    fundamentos_autoria: list[str] = Field(description="por que são esses os autores")
    nota_autoria: str | None = Field(description="a interpretação, quando o texto não decide")
    fundamento: str = Field(description="a citação da infração")

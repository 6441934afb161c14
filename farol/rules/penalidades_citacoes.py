"""Como a dosimetria cita a lei: as formas curtas de `fundamentos`, `regra` e `observacoes`.

Todas são montadas das citações dos dados (`regras_penalidades.yaml`, `citacoes.yaml`);
nenhum dispositivo é digitado aqui. A forma é a de `Citacao.referencia()`: sigla e dispositivo.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from farol.normas.citacoes import citacao, referencias
from farol.normas.infracoes import RegrasPenalidades


def juntar(fundamentos: Iterable[str]) -> str:
    """Vários fundamentos numa só `regra`: 'RLESTA art. 12, II; RLESTA art. 10, ...'."""
    return "; ".join(fundamentos)


def regra_tipo_de_autor() -> str:
    """Quem pode ser autor material (RLESTA art. 7º § 3º)."""
    return citacao("autor_material").referencia()


def regra_autor_admitido() -> str:
    """Autor material admitido para a infração: RLESTA art. 7º § 3º, LESTA art. 34 e NORMAM."""
    return referencias(
        citacao("autor_material"),
        citacao("responsaveis_solidarios"),
        citacao("autores_materiais_normam"),
    )


def fundamento_do_grupo(regras: RegrasPenalidades, grupo: str) -> str:
    """'RLESTA art. 7º, § 2º, e Anexo II (grupo B)'."""
    return f"{regras.grupos.referencia()} (grupo {grupo})"


def agravante_com_inciso(regras: RegrasPenalidades, chave: str) -> str:
    """'grave_ameaca: grave ameaça à integridade física de pessoas (LESTA art. 30, IV)'."""
    item = regras.agravantes.itens[chave]
    return f"{chave}: {item.texto} ({regras.agravantes.fonte.referencia()}, {item.inciso})"


def agravante_por_extenso(regras: RegrasPenalidades, chave: str) -> str:
    """A mesma agravante para pessoas, sem a chave dos dados: 'grave ameaça à integridade
    física de pessoas (LESTA art. 30, IV)'."""
    item = regras.agravantes.itens[chave]
    return f"{item.texto} ({regras.agravantes.fonte.referencia()}, {item.inciso})"


def agravante_considerada(regras: RegrasPenalidades, chave: str) -> dict[str, Any]:
    """A agravante como a decisão a mostra (API, página, PDF): a chave dos dados, o inciso, o
    texto e o fundamento ('LESTA art. 30, IV'). A chave gravada que os dados não têm mais sai
    como foi gravada, com o artigo, sem inciso: o ato gravado não deixa de ser lido."""
    referencia = regras.agravantes.fonte.referencia()
    item = regras.agravantes.itens.get(chave)
    if item is None:
        return {"chave": chave, "inciso": None, "texto": chave, "fundamento": referencia}
    return {
        "chave": chave,
        "inciso": item.inciso,
        "texto": item.texto,
        "fundamento": f"{referencia}, {item.inciso}",
    }


def observacao_do_teto(regras: RegrasPenalidades) -> str:
    """A suspensão multiplicada que passou do teto (LESTA art. 27)."""
    return f"suspensão limitada a doze meses ({regras.teto_suspensao.fonte.referencia()})"


def observacao_somente_embarcados(regras: RegrasPenalidades, nome_do_autor: str) -> str:
    """Suspensão e cancelamento fora do alcance do autor (RLESTA art. 8º)."""
    return (
        f"{nome_do_autor}: suspensão/cancelamento do Certificado de Habilitação não "
        f"aplicável ({regras.suspensao_somente_embarcados.referencia()})"
    )

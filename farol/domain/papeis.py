"""Papéis de usuário do Farol e as suas permissões, derivados de `normas/dados/papeis.yaml`.

Quem registra cada ato do procedimento é o quadro de cada regime; aqui está o resto: quem
inspeciona, quem emite documentos, quem não registra ato nenhum, o nome de cada papel e a
abrangência (a OM e as subordinadas, ou todas).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from farol.normas.papeis import Abrangencia, catalogo_papeis, ids_dos_papeis

REGISTRA_ATOS: Final = "registra_atos"
INSPECIONA: Final = "inspeciona"
EMITE_DOCUMENTOS: Final = "emite_documentos"
VE_DADOS_PESSOAIS: Final = "ve_dados_pessoais"
AUDITA_ACESSOS: Final = "audita_acessos"
CORRIGE_CADASTRO: Final = "corrige_cadastro"
FIXA_TARIFAS_CUSTODIA: Final = "fixa_tarifas_custodia"

PAPEIS: Final = ids_dos_papeis()
"""Os ids dos papéis, na ordem declarada."""


def papeis_com(permissao: str) -> tuple[str, ...]:
    """Os papéis que têm a permissão, na ordem declarada; permissão não declarada: `KeyError`."""
    cat = catalogo_papeis()
    if permissao not in {p.id for p in cat.permissoes}:
        raise KeyError(f"permissão não declarada em papeis.yaml: {permissao!r}")
    return tuple(p.id for p in cat.papeis if permissao in p.permissoes)


PAPEIS_SEM_ATOS: Final = frozenset(PAPEIS) - frozenset(papeis_com(REGISTRA_ATOS))
"""Papéis que só leem: não registram ato nenhum em regime nenhum."""

PAPEL_DA_CONSULTA_PUBLICA: Final = catalogo_papeis().papel_da_consulta_publica


def pode(papel: str, permissao: str) -> bool:
    return papel in papeis_com(permissao)


def nome_do_papel(papel: str, *, desconhecido: str | None = None) -> str:
    """'capitao_dos_portos' -> 'Capitão dos Portos'; não declarado: `desconhecido`, ou o id."""
    p = catalogo_papeis().papel(papel)
    if p is not None:
        return p.nome
    return papel if desconhecido is None else desconhecido


def nomes_dos_papeis(papeis: Sequence[str]) -> str:
    """'Inspetor Naval, Autoridade Competente ou Capitão dos Portos': os papéis pelo nome, para
    a mensagem que diz a quem cabe (nunca os ids internos)."""
    nomes = [nome_do_papel(p) for p in papeis]
    if len(nomes) <= 1:
        return "".join(nomes) or "nenhum papel"
    return f"{', '.join(nomes[:-1])} ou {nomes[-1]}"


def quem_tem(permissao: str) -> str:
    """Os papéis que têm a permissão, pelo nome (`nomes_dos_papeis`)."""
    return nomes_dos_papeis(papeis_com(permissao))


def fundamento_da_permissao(permissao: str) -> str:
    """As citações da permissão (papeis.yaml): 'LGPD art. 37'."""
    p = next(x for x in catalogo_papeis().permissoes if x.id == permissao)
    return "; ".join(dict.fromkeys(c.referencia() for c in p.fontes))


def registra_atos_so_na_om(papel: str) -> bool:
    """O papel registra atos só nos processos da própria OM (não nos das subordinadas que lê)."""
    p = catalogo_papeis().papel(papel)
    return p is not None and p.registra_atos_so_na_om


def registra_o_ato_na_subordinada(papel: str, papeis_do_ato: Sequence[str]) -> bool:
    """O papel registra, no processo de uma OM subordinada, o ato que estes papéis registram
    (`nas_subordinadas_so_atos_sem`: não o que a autoridade da própria OM registra)."""
    p = catalogo_papeis().papel(papel)
    sem = p.nas_subordinadas_so_atos_sem if p is not None else None
    return sem is None or sem not in papeis_do_ato


def fundamento_do_papel(papel: str) -> str | None:
    """A citação principal do papel (a primeira fonte), ou None."""
    p = catalogo_papeis().papel(papel)
    return p.fontes[0].referencia() if p is not None and p.fontes else None


def abrangencia(papel: str) -> Abrangencia:
    """A abrangência do papel; papel não declarado alcança só a própria OM e as subordinadas."""
    p = catalogo_papeis().papel(papel)
    return "om_e_subordinadas" if p is None else p.abrangencia

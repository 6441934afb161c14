"""O quadro de estados em tabelas markdown (docs/procedimento.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from farol.domain.procedimento.guardas import GUARDAS
from farol.domain.procedimento.quadro import ANTERIOR, MESMO, NAO_FINAIS, Transicao

if TYPE_CHECKING:
    from farol.domain.procedimento.maquina import Maquina


def tabela_markdown(maquina: Maquina) -> str:
    """O quadro em três tabelas (estados, transições, guardas), para docs/procedimento.md."""
    linhas = [
        f"**Estados** (regime `{maquina.regime}`; inicial: `{maquina.estado_inicial}`)",
        "",
        "| estado | nome | final | prazos em curso |",
        "| --- | --- | --- | --- |",
    ]
    for e in maquina.estados.values():
        linhas.append(_linha(f"`{e.id}`", e.nome, "sim" if e.final else "não", _codigos(e.prazos)))
    linhas += [
        "",
        "**Transições** (uma linha por tipo de ato)",
        "",
        "| ato | descrição | de | para | papéis | guardas | inicia | encerra | fundamento |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for t in maquina.transicoes:
        linhas.append(
            _linha(
                f"`{t.tipo_ato}`",
                t.nome,
                "todo estado não final" if t.origens == (NAO_FINAIS,) else _codigos(t.origens),
                _DESTINOS_ESPECIAIS.get(t.destino, f"`{t.destino}`"),
                "quem pode registrar o ato corrigido" if t.e_correcao else ", ".join(t.papeis),
                _guardas_celula(t),
                _inicia_celula(t),
                _codigos(t.encerra),
                "; ".join(t.fundamentos()),
            )
        )
    usadas = sorted(
        {g for t in maquina.transicoes for g in t.guardas}
        | {p.se for t in maquina.transicoes for p in t.inicia if p.se}
    )
    linhas += [
        "",
        "**Guardas**",
        "",
        "| guarda | tipo | satisfeita quando |",
        "| --- | --- | --- |",
    ]
    for nome in usadas:
        g = GUARDAS[nome]
        rotulo = "condição" if g.tipo == "condicao" else "sinalizador"
        linhas.append(_linha(f"`{g.nome}`", rotulo, g.descricao))
    return "\n".join(linhas) + "\n"


_DESTINOS_ESPECIAIS: Final = {
    MESMO: "o mesmo estado",
    ANTERIOR: "estado anterior ao sobrestamento",
}


def _linha(*celulas: str) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in celulas) + " |"


def _codigos(itens: Iterable[str]) -> str:
    return ", ".join(f"`{i}`" for i in itens) or "—"


def _guardas_celula(t: Transicao) -> str:
    partes = []
    for nome in t.guardas:
        if GUARDAS[nome].tipo == "sinalizador" and t.prazo_do_ato:
            partes.append(f"`{nome}` (`{t.prazo_do_ato}`)")
        else:
            partes.append(f"`{nome}`")
    return ", ".join(partes) or "—"


def _inicia_celula(t: Transicao) -> str:
    partes = [f"`{p.prazo}`" + (f" se `{p.se}`" if p.se else "") for p in t.inicia]
    if t.reinicia_prazos_do_destino:
        partes.append("prazos do estado de retorno")
    return ", ".join(partes) or "—"

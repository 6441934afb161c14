"""O quadro de estados em tabelas markdown (docs/procedimento.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from farol.domain.procedimento.guardas import GUARDAS
from farol.domain.procedimento.quadro import ANTERIOR, MESMO, NAO_FINAIS, Transicao

if TYPE_CHECKING:
    from farol.domain.procedimento.maquina import Maquina


def tabela_markdown(maquina: Maquina) -> str:
    """O quadro em tabelas (estados, transições, guardas, marcas, documentos), para
    docs/procedimento.md."""
    linhas = [
        f"**Estados** (regime `{maquina.regime}`; inicial: `{maquina.estado_inicial}`)",
        "",
        "| estado | nome | final | prazos em curso | marcas |",
        "| --- | --- | --- | --- | --- |",
    ]
    for e in maquina.estados.values():
        linhas.append(
            _linha(
                f"`{e.id}`",
                e.nome,
                "sim" if e.final else "não",
                _codigos(e.prazos),
                _codigos(e.marcas),
            )
        )
    linhas += [
        "",
        "**Transições** (uma linha por tipo de ato)",
        "",
        "| ato | descrição | de | para | papéis | guardas | inicia | encerra | marcas "
        "| fundamento |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for t in maquina.transicoes:
        linhas.append(
            _linha(
                f"`{t.tipo_ato}`",
                t.nome,
                "todo estado não final" if t.origens == (NAO_FINAIS,) else _codigos(t.origens),
                _destinos_celula(t),
                "quem pode registrar o ato corrigido" if t.e_correcao else ", ".join(t.papeis),
                _guardas_celula(t),
                _inicia_celula(t),
                _codigos(t.encerra),
                _codigos(t.marcas),
                "; ".join(t.fundamentos()),
            )
        )
    usadas = sorted(
        {g for t in maquina.transicoes for g in t.guardas}
        | {p.se for t in maquina.transicoes for p in t.inicia if p.se}
        | {d.se for t in maquina.transicoes for d in t.destino_se}
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
    return "\n".join(linhas + _marcas(maquina) + _documentos(maquina)) + "\n"


def _marcas(maquina: Maquina) -> list[str]:
    if not maquina.marcas:
        return []
    linhas = [
        "",
        "**Marcas** (categorias que os serviços consultam no quadro)",
        "",
        "| marca | de | significado | fundamento |",
        "| --- | --- | --- | --- |",
    ]
    for m in maquina.marcas.values():
        significado = m.descricao + (f" (meios: {', '.join(m.meios)})" if m.meios else "")
        fundamento = "; ".join(c.referencia() for c in m.fontes)
        linhas.append(_linha(f"`{m.id}`", m.alvo, significado, fundamento))
    return linhas


def _documentos(maquina: Maquina) -> list[str]:
    documentos = dict.fromkeys(
        d
        for t in maquina.transicoes
        for d in (*t.documentos, *(e.documento for e in t.altera_efeito_de))
    )
    if not documentos:
        return []
    linhas = [
        "",
        "**Documentos** (o ato que cada documento materializa e os atos que mudam o seu efeito)",
        "",
        "| documento | materializa | efeito mudado por |",
        "| --- | --- | --- |",
    ]
    for d in documentos:
        efeitos = [f"`{tipo}` ({efeito})" for tipo, efeito in maquina.efeitos_sobre(d).items()]
        linhas.append(
            _linha(f"`{d}`", _codigos(maquina.tipos_que_materializam(d)), "; ".join(efeitos) or "—")
        )
    return linhas


_DESTINOS_ESPECIAIS: Final = {
    MESMO: "o mesmo estado",
    ANTERIOR: "estado anterior ao sobrestamento",
}


def _destinos_celula(t: Transicao) -> str:
    padrao = _DESTINOS_ESPECIAIS.get(t.destino, f"`{t.destino}`")
    if not t.destino_se:
        return padrao
    condicionais = [
        f"{_DESTINOS_ESPECIAIS.get(d.destino, f'`{d.destino}`')} se `{d.se}`" for d in t.destino_se
    ]
    return "; ".join([*condicionais, f"senão {padrao}"])


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
    partes = [
        f"`{p.prazo}`"
        + (f" se `{p.se}`" if p.se else "")
        + (
            f" ({'prorroga' if p.prorroga else 'contado do vencimento de'} "
            f"`{p.contado_do_vencimento_de}`)"
            if p.contado_do_vencimento_de
            else ""
        )
        for p in t.inicia
    ]
    if t.reinicia_prazos_do_destino:
        partes.append("prazos do estado de retorno")
    return ", ".join(partes) or "—"

"""Penalidades decididas no processo: validação contra a lei e reincidência no histórico.

Cada infração do auto é penalizada por si (RLESTA art. 7º § 1º: a autoridade fixa o valor e
o período dentro dos limites). A faixa vem de `farol.rules.penalidades` com a reincidência
contada no histórico gravado do mesmo autor.

Interpretação da reincidência (documentada em docs/procedimento.md): conta-se cada outro
processo do MESMO autuado, com penalidade VIGENTE pela MESMA infração (julgamento procedente
não afastado em recurso), cujo fato ocorreu nos 12 meses anteriores ao fato atual (ou no mesmo
dia), contados pela data do fato (RLESTA art. 10: "repetição da prática").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol import formatos
from farol.erros import EntradaInvalida, EntradasInvalidas, ErroFarol, recusar_juntos
from farol.normas.acessorias import nome_da_acessoria, nomes_das_acessorias, tipos_de_acessoria
from farol.normas.citacoes import citacao
from farol.normas.infracoes import catalogo
from farol.rules.penalidades import (
    ResultadoPenalidade,
    agravantes_consideradas,
    calcular_penalidade,
    validar_multa,
    validar_suspensao,
)
from farol.rules.penalidades_citacoes import agravante_considerada
from farol.rules.reincidencia import contar_reincidencias
from farol.services.comandos import DadosDecisaoComPenalidade
from farol.store.orm import Ato, Penalidade, Processo
from farol.store.repositorio import data_do_fato, itens_do_auto, vigentes


@dataclass
class Decidida:
    infracao: str
    autor_tipo: str
    multa: Decimal | None
    suspensao_dias: int | None
    cancelamento: bool
    multiplicador: int
    reincidencias: int
    fundamentos: list[str] = field(default_factory=list)
    acessorias: list[dict[str, Any]] = field(default_factory=list)

    def para_payload(self) -> dict[str, Any]:
        return {
            "infracao": self.infracao,
            "autor_tipo": self.autor_tipo,
            "multa": None if self.multa is None else f"{self.multa:.2f}",
            "suspensao_dias": self.suspensao_dias,
            "cancelamento": self.cancelamento,
            "multiplicador": self.multiplicador,
            "reincidencias": self.reincidencias,
            "fundamentos": self.fundamentos,
            "acessorias": self.acessorias,
        }


def agravantes_do_ato(payload: dict[str, Any] | None, infracao: str) -> list[dict[str, Any]]:
    """As circunstâncias agravantes (LESTA art. 30) que a decisão gravada considerou na
    penalidade de `infracao`, lidas do payload do ato: as declaradas (`agravantes`, da decisão
    inteira) e a reincidência contada para a infração (`penalidades[].reincidencias`). A decisão
    que impõe a sanção as indica entre os seus fundamentos (Lei 9.784/1999 art. 50, II): a
    resposta do registro, a leitura do processo, a página e o PDF da decisão as mostram daqui.
    Sem elas no payload (a decisão da poluição, o ato antigo), nenhuma."""
    payload = payload or {}
    reincidencias = next(
        (
            int(x.get("reincidencias") or 0)
            for x in payload.get("penalidades") or []
            if x.get("infracao") == infracao
        ),
        0,
    )
    regras = catalogo().regras
    return [
        agravante_considerada(regras, chave)
        for chave in agravantes_consideradas(payload.get("agravantes") or [], reincidencias)
    ]


def faixa(
    infracao: str,
    fato: dt.date,
    autor: str | None,
    reincidencias: int,
    faltas: int,
    *,
    agravantes: tuple[str, ...] = (),
    campo: str,
) -> ResultadoPenalidade:
    try:
        return calcular_penalidade(
            infracao,
            fato,
            autor=autor,
            reincidencias=reincidencias,
            faltas=faltas,
            agravantes=agravantes,
        )
    except ErroFarol as e:
        if e.campo == "agravantes":  # as agravantes são da decisão inteira: dados.agravantes
            e.campo = "dados.agravantes"
        else:
            e.campo = f"{campo}.{e.campo}" if e.campo else campo
        raise


def reincidencias(s: Session, p: Processo, infracao: str, fato: dt.date) -> int:
    outros = s.execute(
        select(Processo)
        .join(Penalidade, Penalidade.processo_id == Processo.id)
        .where(
            Processo.autuado_id == p.autuado_id,
            Processo.id != p.id,
            Penalidade.infracao == infracao,
        )
        .distinct()
    ).scalars()
    datas = []
    for outro in outros:
        if any(x.infracao == infracao for x in vigentes(s, outro)):
            data = data_do_fato(s, outro)
            # a prática do mesmo dia é concomitante, não "repetição da prática" (RLESTA art. 10)
            if data < fato:
                datas.append(data)
    return contar_reincidencias(fato, datas)


def validar_decisao(
    s: Session,
    p: Processo,
    fato: dt.date,
    dados: DadosDecisaoComPenalidade,
    *,
    veda_agravamento: bool = False,
) -> list[Decidida]:
    """As penalidades da decisão conferidas com a lei. Na decisão que não pode agravar (o
    provimento parcial do recurso, `veda_agravamento`), o que a reincidência impõe (o
    cancelamento, a acessória `imposta`) só se exige se a penalidade recorrida já o trazia: a
    reincidência recontada agora (outro processo julgado depois da decisão recorrida) não o
    acrescenta (Lei 9.784/1999 art. 64, parágrafo único; `vedar_agravamento`)."""
    recorridas = {x.infracao: x for x in vigentes(s, p)} if veda_agravamento else None
    itens = itens_do_auto(s, p)
    por_infracao = {i.infracao: i for i in itens}
    pedidas = [x.infracao for x in dados.penalidades]
    estranhas = [x for x in pedidas if x not in por_infracao]
    if estranhas:
        raise EntradaInvalida(
            f"infração fora do auto: {', '.join(estranhas)}", campo="dados.penalidades"
        )
    faltando = [x for x in por_infracao if x not in pedidas]
    repetidas = {x for x in pedidas if pedidas.count(x) > 1}
    if faltando or repetidas:
        raise EntradaInvalida(
            "decida uma penalidade para cada infração do auto, uma vez cada"
            + (f"; faltam: {', '.join(faltando)}" if faltando else "")
            + (f"; repetidas: {', '.join(sorted(repetidas))}" if repetidas else ""),
            campo="dados.penalidades",
            regra=catalogo().regras.valor_pela_autoridade.referencia(),
        )
    # Cada penalidade é conferida inteira, e as recusas de todas vão juntas: a segunda multa
    # fora da faixa aparece com a primeira, não depois que a primeira for corrigida.
    decididas = []
    recusas: list[ErroFarol] = []
    for n, pedido in enumerate(dados.penalidades):
        try:
            recorrida = None if recorridas is None else recorridas.get(pedido.infracao)
            imposicoes = _Imposicoes.da(recorrida, veda_agravamento=veda_agravamento)
            decididas.append(
                _decidir(s, p, fato, dados, n, pedido, por_infracao[pedido.infracao], imposicoes)
            )
        except EntradasInvalidas as e:
            recusas.extend(e.erros)
        except ErroFarol as e:
            recusas.append(e)
    recusar_juntos(recusas)
    _validar_prazo_das_acessorias(decididas, dados)
    return decididas


@dataclass(frozen=True)
class _Imposicoes:
    """O que a lei impõe e a decisão não pode omitir: tudo, fora da decisão que não pode
    agravar; nela, só o que a penalidade recorrida já trazia."""

    cancelamento: bool = True
    acessorias: frozenset[str] | None = None  # None: todas as impostas

    @staticmethod
    def da(recorrida: Any, *, veda_agravamento: bool) -> _Imposicoes:
        if not veda_agravamento:
            return _Imposicoes()
        if recorrida is None:
            return _Imposicoes(cancelamento=False, acessorias=frozenset())
        return _Imposicoes(
            cancelamento=bool(recorrida.cancelamento),
            acessorias=frozenset(a["tipo"] for a in (recorrida.acessorias or [])),
        )

    def exige_acessoria(self, tipo: str) -> bool:
        return self.acessorias is None or tipo in self.acessorias


def _decidir(
    s: Session,
    p: Processo,
    fato: dt.date,
    dados: DadosDecisaoComPenalidade,
    n: int,
    pedido: Any,
    item: Any,
    imposicoes: _Imposicoes,
) -> Decidida:
    """A penalidade `n` conferida com a faixa legal; todas as recusas dela juntas (a multa e a
    suspensão fora do limite aparecem as duas)."""
    campo = f"dados.penalidades.{n}"
    n_reinc = reincidencias(s, p, pedido.infracao, fato)
    r = faixa(
        pedido.infracao,
        fato,
        item.autor_tipo,
        n_reinc,
        item.faltas or 1,
        agravantes=tuple(dados.agravantes),
        campo=campo,
    )
    recusas: list[ErroFarol] = []
    multa = dias = None
    try:
        if pedido.multa is not None:
            multa = validar_multa(r, pedido.multa)
    except ErroFarol as e:
        e.campo = f"{campo}.multa"
        recusas.append(e)
    try:
        if pedido.suspensao_dias is not None:
            dias = validar_suspensao(r, pedido.suspensao_dias)
    except ErroFarol as e:
        e.campo = f"{campo}.suspensao_dias"
        recusas.append(e)
    if r.cancelamento and not pedido.cancelamento and imposicoes.cancelamento:
        # a exceção da reincidência que a própria lei fixa (LESTA art. 4º-A § 2º: "cancelado o
        # certificado de habilitação"; RLESTA art. 23, I) não fica à escolha da autoridade
        recusas.append(
            EntradaInvalida(
                f"{pedido.infracao}: a reincidência contada impõe o cancelamento do certificado "
                "de habilitação; marque-o",
                campo=f"{campo}.cancelamento",
                regra="; ".join(r.fundamentos),
            )
        )
    if pedido.cancelamento and not r.cancelamento:
        recusas.append(
            EntradaInvalida(
                f"{pedido.infracao} não comporta cancelamento neste caso",
                campo=f"{campo}.cancelamento",
                regra="; ".join(r.fundamentos),
            )
        )
    if multa is not None and dias is not None and not r.cumulativa:
        recusas.append(
            EntradaInvalida(
                f"{pedido.infracao}: multa OU suspensão (penalidades alternativas); escolha uma",
                campo=campo,
                regra=r.fundamentos[0],
            )
        )
    if pedido.multa is None and pedido.suspensao_dias is None and not pedido.cancelamento:
        recusas.append(
            EntradaInvalida("informe a multa, a suspensão ou o cancelamento", campo=campo)
        )
    try:
        acessorias = _validar_acessorias(pedido, n_reinc, campo, imposicoes)
    except ErroFarol as e:
        recusas.append(e)
    recusar_juntos(recusas)
    return Decidida(
        infracao=pedido.infracao,
        autor_tipo=item.autor_tipo,
        multa=multa,
        suspensao_dias=dias,
        cancelamento=pedido.cancelamento,
        multiplicador=r.multiplicador,
        reincidencias=n_reinc,
        fundamentos=r.fundamentos,
        acessorias=acessorias,
    )


def _validar_acessorias(
    pedido: Any, n_reinc: int, campo: str, imposicoes: _Imposicoes
) -> list[dict[str, Any]]:
    """As acessórias pedidas cabem na infração (infracoes.yaml), cada uma com a fundamentação
    da condição que a norma põe (LESTA art. 25 parágrafo único: a demolição cumula-se com
    qualquer outra penalidade)."""
    infracao = catalogo().infracao(pedido.infracao)
    cabiveis = {a.tipo: a for a in infracao.penalidade.acessorias}
    tipos = tipos_de_acessoria()
    saida: list[dict[str, Any]] = []
    vistos: set[str] = set()
    for k, a in enumerate(pedido.acessorias):
        onde = f"{campo}.acessorias.{k}.tipo"
        if a.tipo not in cabiveis:
            raise EntradaInvalida(
                f"{pedido.infracao} não comporta a acessória {nome_da_acessoria(a.tipo)} "
                f"(cabíveis: {nomes_das_acessorias(cabiveis)})",
                campo=onde,
                regra=infracao.fonte.referencia(),
            )
        if a.tipo in vistos:
            raise EntradaInvalida(f"acessória repetida: {nome_da_acessoria(a.tipo)}", campo=onde)
        vistos.add(a.tipo)
        tipo = tipos[a.tipo]
        if tipo.exige_reincidencia and n_reinc == 0:
            raise EntradaInvalida(
                f"{tipo.nome}: só cabe na reincidência, e não há prática anterior contada",
                campo=onde,
                regra=tipo.fundamento,
            )
        saida.append(
            {
                "tipo": a.tipo,
                "nome": tipo.nome,
                "condicao": cabiveis[a.tipo].condicao,
                "executor": tipo.executor,
                "fundamentacao": a.fundamentacao,
                "fundamento": tipo.fundamento,
            }
        )
    for a in infracao.penalidade.acessorias:
        tipo = tipos[a.tipo]
        if (
            a.imposta
            and a.tipo not in vistos
            and imposicoes.exige_acessoria(a.tipo)
            and (n_reinc > 0 or not tipo.exige_reincidencia)
        ):
            raise EntradaInvalida(
                f"{pedido.infracao}: a norma impõe a acessória {tipo.nome} ({a.condicao}); "
                "inclua-a com a fundamentação",
                campo=f"{campo}.acessorias",
                regra=tipo.fundamento,
            )
    return saida


def _validar_prazo_das_acessorias(
    decididas: list[Decidida], dados: DadosDecisaoComPenalidade
) -> None:
    do_infrator = [
        a["nome"] for d in decididas for a in d.acessorias if a["executor"] == "infrator"
    ]
    if do_infrator and dados.prazo_acessorias_dias is None:
        raise EntradaInvalida(
            f"informe o prazo, em dias, para o infrator cumprir: {', '.join(do_infrator)} (a "
            "norma não o fixa; a decisão o fixa)",
            campo="dados.prazo_acessorias_dias",
            regra=citacao("prazo_em_dias_continuo").referencia(),
        )
    if not do_infrator and dados.prazo_acessorias_dias is not None:
        raise EntradaInvalida(
            "prazo de acessórias sem acessória a cumprir pelo infrator",
            campo="dados.prazo_acessorias_dias",
        )
    for d in decididas:
        for a in d.acessorias:
            if a["executor"] == "infrator":
                a["prazo_dias"] = dados.prazo_acessorias_dias


def _exigir_reducao(anteriores: dict[str, Penalidade], decididas: list[Decidida]) -> None:
    """O provimento parcial modifica a decisão recorrida em parte (Lei 9.784/1999 art. 64):
    alguma penalidade fica menor (a multa, a suspensão, o cancelamento, uma acessória ou o seu
    prazo) ou alguma infração sai. A mesma penalidade de antes é o recurso não provido."""
    if set(anteriores) - {d.infracao for d in decididas}:
        return
    for d in decididas:
        antes = anteriores.get(d.infracao)
        if antes is None:
            return
        acessorias_antes = {(a["tipo"], a.get("prazo_dias")) for a in antes.acessorias or []}
        if (
            (d.multa or Decimal(0)) < (antes.multa or Decimal(0))
            or (d.suspensao_dias or 0) < (antes.suspensao_dias or 0)
            or (antes.cancelamento and not d.cancelamento)
            or acessorias_antes - {(a["tipo"], a.get("prazo_dias")) for a in d.acessorias}
        ):
            return
    raise EntradaInvalida(
        "o provimento parcial do recurso modifica a decisão em parte, mas as penalidades "
        "decididas são as mesmas de antes: se o recurso não foi provido, registre o recurso "
        "não provido (penalidade mantida)",
        campo="dados.penalidades",
        regra=citacao("provimento_parcial").referencia(),
    )


def vedar_agravamento(s: Session, p: Processo, decididas: list[Decidida]) -> None:
    """No provimento parcial do recurso a penalidade só pode ser mantida ou reduzida.

    Lei 9.784/1999 art. 64, parágrafo único: se da decisão puder decorrer gravame à situação
    do recorrente, este deverá ser cientificado para que formule suas alegações antes da
    decisão. O Farol não agrava num provimento parcial; o agravamento exige aquele rito.
    """
    anteriores = {x.infracao: x for x in vigentes(s, p)}
    for n, d in enumerate(decididas):
        antes = anteriores.get(d.infracao)
        if antes is None:
            continue
        piora = (
            (d.multa or Decimal(0)) > (antes.multa or Decimal(0))
            or (d.suspensao_dias or 0) > (antes.suspensao_dias or 0)
            or (d.cancelamento and not antes.cancelamento)
            or bool(
                {a["tipo"] for a in d.acessorias} - {a["tipo"] for a in (antes.acessorias or [])}
            )
        )
        if piora:
            anterior = (
                "sem multa" if antes.multa is None else f"multa de {formatos.moeda(antes.multa)}"
            )
            if antes.suspensao_dias:
                anterior += f", suspensão de {formatos.dias(antes.suspensao_dias)}"
            raise EntradaInvalida(
                f"{d.infracao}: o provimento parcial do recurso não pode agravar a penalidade "
                f"(anterior: {anterior})",
                campo=f"dados.penalidades.{n}",
                regra=citacao("vedacao_agravamento").referencia(),
            )
    _exigir_reducao(anteriores, decididas)


def gravar(
    s: Session, p: Processo, ato: Ato, penalidades: list[dict[str, Any]], justificativa: str
) -> None:
    for d in penalidades:
        s.add(
            Penalidade(
                processo_id=p.id,
                ato_id=ato.id,
                infracao=d["infracao"],
                autor_id=p.autuado_id,
                multa=None if d["multa"] is None else Decimal(d["multa"]),
                suspensao_dias=d["suspensao_dias"],
                cancelamento=d["cancelamento"],
                multiplicador=d["multiplicador"],
                justificativa=justificativa,
                acessorias=d.get("acessorias") or [],
            )
        )

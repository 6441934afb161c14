"""A regra de transição aplicada: que norma rege cada prazo e cada recurso de um procedimento
que atravessa uma mudança de norma (`farol/normas/dados/transicao.yaml`).

- `nota_do_prazo`: o prazo começa depois da mudança num procedimento iniciado antes (segue a
  norma nova) ou começa antes e vence depois dela (mantém a duração com que começou);
- `prazo_fixado_no_ato`: antes da primeira versão de um prazo que a norma anterior deixava à
  autoridade fixar (a Notificação para Comparecimento da NORMAM-07), a data vem do ato, não
  antes do mínimo legal;
- `recurso_em_ultima_instancia`: quem julga o recurso e, se a instância foi extinta, o que
  fazer em vez dele — nunca um erro sem saída.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.citacao import Versao, registro_normas
from farol.normas.infracoes import catalogo
from farol.normas.prazos import (
    Autoridade,
    ItemAutoridade,
    catalogo_instancias,
    catalogo_prazos,
    regra_prazo,
    versao_vigente,
)
from farol.normas.transicao import Mudanca, transicao
from farol.rules.calendario import Calendario


@dataclass(frozen=True)
class NotaDeTransicao:
    """Como a regra de transição decidiu, para quem lê o prazo ou o recurso."""

    mudanca: str
    texto: str
    fundamento: str


def _sigla(chave: str) -> str:
    return registro_normas()[chave].sigla


def _d(data: dt.date) -> str:
    return f"{data:%d/%m/%Y}"


def nota_do_prazo(
    regime: str, inicio_do_procedimento: dt.date, inicio_do_prazo: dt.date, vencimento: dt.date
) -> NotaDeTransicao | None:
    """A nota de transição de um prazo, se uma mudança de norma o alcança; senão None."""
    t = transicao()
    m = t.mudanca(regime, inicio_do_procedimento, inicio_do_prazo)
    if m is not None:
        texto = (
            f"procedimento iniciado em {_d(inicio_do_procedimento)}, sob a {_sigla(m.anterior)}; "
            f"este prazo começou em {_d(inicio_do_prazo)} e segue a {_sigla(m.nova)}, em vigor "
            f"desde {_d(m.data)} (ato ainda por praticar: tempus regit actum)"
        )
        return NotaDeTransicao(m.id, texto, t.regra.fundamento)
    m = t.mudanca(regime, inicio_do_prazo, vencimento)
    if m is not None:
        texto = (
            f"prazo iniciado em {_d(inicio_do_prazo)}, sob a {_sigla(m.anterior)}: mantém a "
            f"duração com que começou, embora a {_sigla(m.nova)} vigore desde {_d(m.data)}"
        )
        return NotaDeTransicao(m.id, texto, t.regra.fundamento)
    return None


def campo_fixado_no_ato(regime: str, etapa: str) -> str | None:
    """O campo do ato que traz a data de um prazo fixado no ato (None se não há)."""
    fixado = transicao().prazos_fixados_no_ato.get(f"prazo.{regime}.{etapa}")
    return None if fixado is None else fixado.campo


def explicar_extincao(prazo: str, erro: ForaDeVigencia) -> ForaDeVigencia:
    """O erro de um prazo extinto com o que fazer em vez dele, se a transição o registra."""
    extinta = transicao().extinta_com_o_prazo(prazo)
    if extinta is None:
        return erro
    citacoes = [erro.regra or "", *(c.referencia() for c in extinta.fontes)]
    regra = "; ".join(r for r in dict.fromkeys(citacoes) if r)
    return ForaDeVigencia(
        f"{erro.mensagem}: a instância deixou de existir; {extinta.em_vez_disso}",
        campo=erro.campo,
        regra=regra,
    )


@dataclass(frozen=True)
class MedidasACriterio:
    """Antes da tabela por infração: as medidas são escolha da autoridade (sem sugestão)."""

    infracao: str
    texto: str
    fundamentos: tuple[str, ...]

    def para_json(self) -> dict[str, object]:
        return {"infracao": self.infracao, "texto": self.texto, "fundamentos": self.fundamentos}


def medidas_a_criterio(infracao: str, data: dt.date) -> MedidasACriterio | None:
    """O aviso de medidas a critério da autoridade, se a inspeção é anterior à tabela por
    infração e a infração já vigorava na data; senão None (o motor de medidas responde)."""
    m = transicao().medidas_antes_da_tabela
    if m is None or data >= m.desde or catalogo().infracao(infracao).inicio_vigencia > data:
        return None
    texto = f"inspeção em {_d(data)}, antes de {_d(m.desde)}: {m.texto}"
    fundamentos = (*(c.referencia() for c in m.fontes), transicao().regra.fundamento)
    return MedidasACriterio(infracao, texto, fundamentos)


def _sem_versao_em(regime: str, etapa: str, data: dt.date) -> bool:
    return data < regra_prazo(regime, etapa).versoes[0].inicio


def prazo_fixado_no_ato(
    regime: str,
    etapa: str,
    data_ato: dt.date,
    informado: dt.date | None,
    calendario: Calendario,
) -> tuple[dt.date, tuple[str, ...]] | None:
    """Vencimento e fundamentos de um prazo que a norma em vigor no ato deixava à autoridade.

    None quando o prazo tem versão em vigor na data do ato (o motor de prazos o calcula) ou
    quando não é um prazo fixado no ato. Sem a data, ou antes do mínimo legal: EntradaInvalida
    nomeando o campo, com o que fazer.
    """
    chave = f"prazo.{regime}.{etapa}"
    fixado = transicao().prazos_fixados_no_ato.get(chave)
    if fixado is None or not _sem_versao_em(regime, etapa, data_ato):
        return None
    primeira = regra_prazo(regime, etapa).versoes[0]
    fundamentos = tuple(c.referencia() for c in fixado.fontes)
    minimo = _minimo(data_ato, fixado.minimo.dias, fixado.minimo.contagem == "uteis", calendario)
    regra = "; ".join(fundamentos)
    if informado is None:
        raise EntradaInvalida(
            f"ato de {_d(data_ato)}, antes de {_d(primeira.inicio)} ({primeira.fonte.referencia()}"
            f" fixa o prazo desde então): a norma então em vigor deixava o prazo à autoridade; "
            f"informe em {fixado.campo} a data que consta do ato, a partir de {_d(minimo)}",
            campo=f"dados.{fixado.campo}",
            regra=regra,
        )
    if informado < minimo:
        raise EntradaInvalida(
            f"{fixado.campo} ({_d(informado)}) antes do mínimo de {fixado.minimo.dias} dias "
            f"{'úteis' if fixado.minimo.contagem == 'uteis' else 'corridos'} após o ato "
            f"({_d(minimo)})",
            campo=f"dados.{fixado.campo}",
            regra=regra,
        )
    # a data do ato que cai em dia sem expediente na OM, ou de expediente "encerrado antes da
    # hora normal" (24/12, 31/12), vence no primeiro dia útil seguinte (Lei 9.784/1999 art. 66
    # § 1º), como os prazos que a norma conta
    vencimento = informado
    while not calendario.pode_vencer(vencimento):
        vencimento += dt.timedelta(days=1)
    if vencimento != informado:
        fundamentos = (*fundamentos, catalogo_prazos().contagem.prorrogacao.referencia())
    return vencimento, (*fundamentos, transicao().regra.fundamento)


def _minimo(inicio: dt.date, dias: int, uteis: bool, calendario: Calendario) -> dt.date:
    """O `dias`-ésimo dia (útil, se `uteis`) depois de `inicio`, excluído o dia do começo."""
    data, contados = inicio, 0
    while contados < dias:
        data += dt.timedelta(days=1)
        if not uteis or calendario.eh_dia_util(data):
            contados += 1
    return data


@dataclass(frozen=True)
class RecursoFinal:
    """O recurso em última instância contra uma decisão: quem julga, ou por que não cabe."""

    cabivel: bool
    autoridade: Autoridade | None
    texto: str
    fundamentos: tuple[str, ...]


def recurso_em_ultima_instancia(
    regime: str, ciencia_da_decisao: dt.date, julgamento: dt.date | None = None
) -> RecursoFinal:
    """Se cabe recurso em última instância contra a decisão de que se teve ciência na data, e
    quem o julga na data do julgamento (padrão: a da ciência).

    O cabimento é o da norma em vigor na ciência da decisão recorrida; a autoridade, a
    competente na data do julgamento. Instância extinta: a resposta diz desde quando, com a
    citação, e o que fazer em vez do recurso.
    """
    t = transicao()
    chave = f"instancia.{regime}.recurso_final"
    item = catalogo_instancias().autoridades.get(chave)
    if item is None:
        raise EntradaInvalida(f"regime sem instâncias recursais: {regime!r}", campo="regime")
    julgamento = julgamento or ciencia_da_decisao
    versao_ciencia = _versao(item, ciencia_da_decisao)
    extinta = t.instancias_extintas.get(chave)
    if versao_ciencia.valor is None:
        assert extinta is not None  # validado na carga
        return RecursoFinal(
            False,
            None,
            f"não cabe recurso em última instância contra decisão comunicada em "
            f"{_d(ciencia_da_decisao)}: a instância deixou de existir em "
            f"{_d(versao_ciencia.inicio)}; {extinta.em_vez_disso}",
            tuple(
                dict.fromkeys(
                    (versao_ciencia.fonte.referencia(), *(c.referencia() for c in extinta.fontes))
                )
            ),
        )
    versao_julgamento = _versao(item, julgamento)
    if versao_julgamento.valor is None:
        assert extinta is not None
        return RecursoFinal(
            True,
            None,
            f"recurso cabível (decisão comunicada em {_d(ciencia_da_decisao)}, sob a "
            f"{_sigla(versao_ciencia.fonte.norma)}), a julgar em {_d(julgamento)}: "
            f"{extinta.recurso_ja_cabivel}",
            (
                versao_ciencia.fonte.referencia(),
                *(c.referencia() for c in extinta.fontes),
                t.regra.fundamento,
            ),
        )
    autoridade = versao_julgamento.valor
    fundamentos = [versao_julgamento.fonte.referencia()]
    texto = f"julga o recurso em última instância: {autoridade.nome} ({autoridade.sigla})"
    m: Mudanca | None = t.mudanca(regime, ciencia_da_decisao, julgamento)
    if m is not None:
        texto += (
            f"; decisão comunicada em {_d(ciencia_da_decisao)} sob a {_sigla(m.anterior)}, "
            f"julgamento em {_d(julgamento)} pela autoridade competente na {_sigla(m.nova)}"
        )
        fundamentos.append(t.regra.fundamento)
    return RecursoFinal(True, autoridade, texto, tuple(fundamentos))


def _versao(item: ItemAutoridade, data: dt.date) -> Versao[Autoridade]:
    """A versão da instância em vigor na data, inclusive a que a extingue (`valor: null`);
    antes da primeira, o ForaDeVigencia de `versao_vigente` com a data de início."""
    escolhida = item.versao_da_data(data)
    if escolhida is None:
        versao_vigente(item, data, rotulo=item.descricao, campo="data")
    assert escolhida is not None
    return escolhida

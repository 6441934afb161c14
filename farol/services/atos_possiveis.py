"""O que cabe registrar agora num processo, e o que ainda não cabe, com o motivo e a data.

O quadro de estados do regime diz quais atos o papel do usuário pode registrar no estado atual
(`Maquina.atos_permitidos`); as guardas de cada um (`guardas.avaliar_guarda`) são avaliadas
com os mesmos fatos que o registro leria hoje (`processos.contexto_do_ato`). O ato que uma
guarda recusa hoje aparece desabilitado, com a mensagem da guarda e, quando a recusa é só de
um prazo em curso, a data a partir da qual ela o admite: o dia seguinte ao vencimento (o
último dia do prazo ainda é dele). Essa data é procurada, não suposta: as guardas são
avaliadas de novo no dia seguinte a cada vencimento em curso, em ordem, e vale o primeiro dia
em que todas admitem o ato (antes, o dia seguinte ao último vencimento: se nem nele o ato cabe,
a recusa não é de prazo). Recusa que nenhum desses dias levanta (não há multa, há recurso
pendente, o leilão marcado para outra data) fica só com o motivo, que a diz. A recusa só de
guardas que contam o que se acumula até a data do ato (`conta_ate_a_data`: as diárias da
custódia, os débitos do proprietário) pode não valer numa data passada: avaliadas na data do
último ato do processo (a mais antiga que o registro aceita), se todas o admitem, o ato vem com
`cabe_com_data` e a página oferece o formulário com essa data (a entrega feita há dias,
registrada hoje, com as diárias pagas até ela) — se a recusa de hoje inclui as diárias
(`oferece_a_data_passada`); a do débito do proprietário sozinha, não: a página não convida a
datar a entrega para antes da sustação (LESTA art. 20). O ato que uma
guarda com `esconde` recusa não cabe neste processo (a ciência da Notificação que a inspeção
entregou em mãos) e fica fora da lista; o registro o recusa com o motivo.

Nada aqui conhece um ato pelo nome: um regime novo (a custódia) ou um ato novo aparecem sem
mudar este módulo. A página do processo e `GET /api/v1/processos/{id}/atos-possiveis` usam
este mesmo caso de uso.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from farol import relogio
from farol.domain.papeis import PAPEIS_SEM_ATOS
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.guardas import (
    Avaliacao,
    ContextoAto,
    avaliar_guarda,
    conta_ate_a_data,
    esconde,
    oferece_a_data_passada,
)
from farol.domain.procedimento.maquina import Maquina
from farol.domain.procedimento.quadro import Transicao
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.services.comandos import ESQUEMAS, modelo_dos_dados
from farol.services.jurisdicao import (
    Ator,
    carregar_processo,
    competente_no_processo,
    competente_para_o_ato,
    corrige_no_processo,
)
from farol.services.processos import ProcessoLido, contexto_do_ato, ler_processo
from farol.services.resultados.lista_processos import AtoPossivel
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Processo

UM_DIA = dt.timedelta(days=1)


def _recusas(maquina: Maquina, t: Transicao, contexto: ContextoAto) -> list[tuple[str, Avaliacao]]:
    """Cada guarda que recusa o ato, com o nome, na ordem do quadro (a do registro)."""
    avaliadas = ((nome, avaliar_guarda(nome, t, contexto, maquina.regime)) for nome in t.guardas)
    return [(nome, a) for nome, a in avaliadas if not a.permitido]


def _recusa(maquina: Maquina, t: Transicao, contexto: ContextoAto) -> Avaliacao | None:
    """A primeira guarda que recusa o ato (a ordem do quadro, como no registro), ou None."""
    for nome in t.guardas:
        avaliacao = avaliar_guarda(nome, t, contexto, maquina.regime)
        if not avaliacao.permitido:
            return avaliacao
    return None


def _avaliar(
    s: Session,
    ator: Ator,
    p: Processo,
    maquina: Maquina,
    t: Transicao,
    hoje: dt.date,
    lido: ProcessoLido,
) -> AtoPossivel | None:
    # Os dados do ato ainda não foram digitados: as guardas leem os do formulário em branco
    # (os valores padrão do modelo do tipo), como o registro leria se o usuário não mudasse nada.
    modelo = modelo_dos_dados(maquina, t.tipo_ato)
    presumidos = modelo.model_construct()

    def contexto(data: dt.date) -> ContextoAto:
        return contexto_do_ato(s, p, maquina, t.tipo_ato, data, presumidos, lido, ator)

    base = {
        "tipo": t.tipo_ato,
        "nome": t.nome,
        "fundamentos": list(t.fundamentos()),
        "esquema_dos_dados": ESQUEMAS + modelo.__name__,
    }
    agora = contexto(hoje)
    recusas = _recusas(maquina, t, agora)
    if not recusas:
        return AtoPossivel(**base, permitido=True)
    if any(esconde(nome) for nome, _ in recusas):
        return None  # o ato não cabe neste processo (a guarda o diz): fora da lista
    recusa = recusas[0][1]
    recusado = {
        **base,
        "permitido": False,
        "motivo": recusa.motivo,
        "campo": recusa.campo,
        "regra": recusa.regra or t.fonte.referencia(),
    }
    passada = _data_do_ultimo_ato(lido)
    if (
        passada is not None
        and passada < hoje
        and all(conta_ate_a_data(nome) for nome, _ in recusas)
        and any(oferece_a_data_passada(nome) for nome, _ in recusas)
        and _recusa(maquina, t, contexto(passada)) is None
    ):
        return AtoPossivel(**recusado, cabe_com_data=passada)
    a_partir_de = None
    dias = sorted({v + UM_DIA for v in agora.vencimentos.values() if v + UM_DIA > hoje})
    # Se nem depois do último vencimento as guardas o admitem, nenhum desses dias o admite
    # (as guardas de prazo só passam a admitir com o tempo): poupa as outras leituras.
    if dias and _recusa(maquina, t, contexto(dias[-1])) is None:
        a_partir_de = next(
            d for d in dias if d == dias[-1] or _recusa(maquina, t, contexto(d)) is None
        )
    return AtoPossivel(**recusado, a_partir_de=a_partir_de)


def _data_do_ultimo_ato(lido: ProcessoLido) -> dt.date | None:
    """A data mais antiga que o registro aceita para um ato novo: a do último ato do
    procedimento (a emissão de um documento, ato do sistema, não conta)."""
    sistema = atos_do_sistema().tipos
    return next((a.data_ato for a in reversed(lido.atos) if a.tipo not in sistema), None)


@caso_de_uso()
def atos_possiveis(
    s: Session, ator: Ator, processo_id: int, hoje: dt.date | None = None
) -> list[AtoPossivel]:
    """Os atos do estado atual que o papel registra, na ordem do quadro: os que cabem hoje
    (`permitido`) e os que as guardas recusam hoje, com o motivo e `a_partir_de`. `hoje`: a
    data de referência (padrão: hoje em Brasília), sobre os fatos já registrados."""
    p = carregar_processo(s, ator, processo_id)  # 404 fora da jurisdição
    if ator.papel in PAPEIS_SEM_ATOS or not competente_no_processo(ator, p.om_id):
        return []
    maquina = carregar_regime(p.regime)
    referencia = hoje or relogio.hoje()
    lido = ler_processo(s, p)  # uma leitura do processo para todos os atos e todas as datas
    praticados = (maquina.transicao_do_tipo(a.tipo) for a in lido.atos)
    corrige = corrige_no_processo(ator, p.om_id, (t.papeis for t in praticados if t))
    candidatos = [
        t
        for t in maquina.atos_permitidos(p.estado, ator.papel)
        if (corrige if t.e_correcao else competente_para_o_ato(ator, p.om_id, t.papeis))
    ]
    if not candidatos:
        return []
    avaliados = (_avaliar(s, ator, p, maquina, t, referencia, lido) for t in candidatos)
    return [x for x in avaliados if x is not None]

"""O assistente da decisão com penalidade: para cada infração do auto, a faixa legal já com a
reincidência e as faltas, e o histórico do autuado nos 12 meses anteriores ao fato.

Só lê: a validação do valor escolhido é a de `penalidades_do_processo.validar_decisao`, chamada
ao registrar o ato. A reincidência é a mesma contagem (`penalidades_do_processo.reincidencias`),
de modo que a faixa mostrada é a faixa que o registro vai exigir.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime
from farol.normas.acessorias import tipos_de_acessoria
from farol.normas.citacoes import citacao
from farol.normas.infracoes import catalogo
from farol.rules.reincidencia import inicio_da_janela
from farol.services import penalidades_do_processo as pen
from farol.services.jurisdicao import Ator, carregar_processo
from farol.services.leitura import dinheiro
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import OM, Processo
from farol.store.repositorio import data_do_fato, itens_do_auto, vigentes


def _historico(s: Session, p: Processo, infracoes_do_auto: set[str]) -> list[dict[str, Any]]:
    """Outros processos do mesmo autuado com fato nos 12 meses anteriores (em qualquer OM:
    a reincidência é da pessoa). Fora da jurisdição do usuário só o número e a OM."""
    fato = data_do_fato(s, p)
    inicio = inicio_da_janela(fato)
    saida = []
    outros = s.execute(
        select(Processo)
        .where(Processo.autuado_id == p.autuado_id, Processo.id != p.id)
        .order_by(Processo.id)
    ).scalars()
    for outro in outros:
        data = data_do_fato(s, outro)
        if not inicio <= data <= fato:
            continue
        om = s.get(OM, outro.om_id)
        em_vigor = vigentes(s, outro)
        maquina = carregar_regime(outro.regime)
        saida.append(
            {
                "id": outro.id,
                "numero": outro.numero,
                "om": om.sigla if om else "",
                "om_id": outro.om_id,
                "data_fato": data.isoformat(),
                "estado": outro.estado,
                "estado_nome": maquina.estado(outro.estado).nome,
                "penalidades": [
                    {
                        "infracao": x.infracao,
                        "multa": dinheiro(x.multa),
                        "suspensao_dias": x.suspensao_dias,
                        "cancelamento": x.cancelamento,
                    }
                    for x in em_vigor
                ],
                # o fato do mesmo dia é concomitante: não é repetição (RLESTA art. 10)
                "concomitante": data == fato,
                "conta_reincidencia": []
                if data == fato
                else sorted({x.infracao for x in em_vigor} & infracoes_do_auto),
            }
        )
    return saida


@caso_de_uso()
def assistente(s: Session, ator: Ator, processo_id: int) -> dict[str, Any]:
    """Faixas, reincidências e histórico para decidir a penalidade do processo."""
    p = carregar_processo(s, ator, processo_id)
    fato = data_do_fato(s, p)
    cat = catalogo()
    tipos = tipos_de_acessoria()
    itens: list[dict[str, Any]] = []
    for n, item in enumerate(itens_do_auto(s, p)):
        reinc = pen.reincidencias(s, p, item.infracao, fato)
        r = pen.faixa(
            item.infracao,
            fato,
            item.autor_tipo,
            reinc,
            item.faltas or 1,
            campo=f"dados.penalidades.{n}",
        )
        itens.append(
            {
                "indice": n,
                "infracao": item.infracao,
                "descricao": r.descricao,
                "autor_tipo": item.autor_tipo,
                "autor_nome": cat.autores[item.autor_tipo].nome,
                "faltas": r.faltas,
                "grupo": r.grupo,
                "multa_min": dinheiro(r.multa.min) if r.multa else None,
                "multa_max": dinheiro(r.multa.max) if r.multa else None,
                "suspensao_max": r.suspensao_max,
                "cumulativa": r.cumulativa,
                "cancelamento": r.cancelamento,
                "multiplicador": r.multiplicador,
                "reincidencias": r.reincidencias,
                "observacoes": r.observacoes,
                "fundamentos": r.fundamentos,
                "acessorias": [
                    {
                        "tipo": a.tipo,
                        "nome": tipos[a.tipo].nome,
                        "condicao": a.condicao,
                        "executor": tipos[a.tipo].executor,
                        "fundamento": tipos[a.tipo].fundamento,
                    }
                    for a in cat.infracao(item.infracao).penalidade.acessorias
                ],
            }
        )
    regras = cat.regras
    return {
        "data_fato": fato.isoformat(),
        "inicio_janela": inicio_da_janela(fato).isoformat(),
        "itens": itens,
        "historico": _historico(s, p, {i["infracao"] for i in itens}),
        "agravantes": [
            {"chave": k, "inciso": v.inciso, "texto": v.texto}
            for k, v in regras.agravantes.itens.items()
            if k != "reincidencia"  # a reincidência entra sozinha, pelo histórico
        ],
        "fundamento_reincidencia": regras.reincidencia.fonte.referencia(),
        "fundamento_valor": regras.valor_pela_autoridade.referencia(),
        "fundamento_agravantes": regras.agravantes.fonte.referencia(),
        "fundamento_prazo_acessorias": citacao("prazo_em_dias_continuo").referencia(),
    }

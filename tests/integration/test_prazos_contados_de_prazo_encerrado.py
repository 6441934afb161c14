"""O prazo contado do vencimento de outro já encerrado acompanha o calendário novo.

NORMAM de 2023 (Portaria 110/2023) item 3.6.3 b: o julgamento se profere "no prazo de trinta
dias corridos, contados da data da expiração do prazo para apresentação da defesa". A defesa
apresentada antes do fim encerra o prazo dela, mas não muda a data em que ele expira: um dia sem
expediente registrado depois (Lei 9.784/1999 art. 66 § 1º), dentro da contagem da defesa, adia a
expiração e, com ela, o início do prazo do julgamento. Antes, só o prazo em curso se recontava
(`registrar_fechamento`, `farol prazos recalcular`), e o julgamento ficava contado da expiração
de antes.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from farol.services import inspecoes, processos, resumo_processo
from farol.services.calendario_om import registrar_fechamento
from farol.services.comandos import NovoAto
from farol.services.jurisdicao import ator_do_usuario
from farol.services.recalculo_prazos import recalcular_prazos_abertos
from farol.services.unit_of_work import BancoUnitOfWork
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco
from farol.store.orm import OM, OMFechamento, Prazo

# ciência do auto em 16/03/2026 (segunda): 15 dias úteis de 17/03 → 07/04/2026 (03/04 é
# Sexta-feira Santa); julgamento: 30 dias corridos de 07/04 → 07/05/2026 (quinta)
CIENCIA = dt.date(2026, 3, 16)
FIM_DA_DEFESA = dt.date(2026, 4, 7)
FIM_DO_JULGAMENTO = dt.date(2026, 5, 7)
FECHAMENTO = dt.date(2026, 3, 25)  # quarta, dentro da contagem da defesa, depois da defesa


def _defesa_apresentada(banco: Banco) -> int:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        aut = criar_usuario(s, login="aut", nome="Autoridade", senha="x",
                            papel="autoridade_competente", om=om)  # fmt: skip
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410777777", "nome": "Anchova"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-03-02T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd).processos[0].id
        a = ator_do_usuario(s, aut)
        auto = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}
        for tipo, data, dados in (
            ("lavratura_auto", dt.date(2026, 3, 13), auto),
            ("ciencia_auto", CIENCIA, {"meio": "pessoal"}),
            ("defesa", dt.date(2026, 3, 20), {"texto": "Alega que a embarcação estava inscrita."}),
        ):
            processos.registrar_ato(s, a, pid, NovoAto(tipo=tipo, data_ato=data, dados=dados))
        return pid


def _prazo(banco: Banco, pid: int, etapa: str) -> Prazo:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.execute(
            select(Prazo).where(Prazo.processo_id == pid, Prazo.etapa == etapa)
        ).scalar_one()


def test_cenario_julgamento_contado_da_expiracao_da_defesa(banco: Banco) -> None:
    pid = _defesa_apresentada(banco)
    defesa, julgamento = _prazo(banco, pid, "defesa"), _prazo(banco, pid, "julgamento")
    assert defesa.encerrado_em == dt.date(2026, 3, 20) and defesa.vencimento == FIM_DA_DEFESA
    assert (julgamento.inicio, julgamento.vencimento) == (FIM_DA_DEFESA, FIM_DO_JULGAMENTO)


def test_fechamento_registrado_na_contagem_da_defesa_ja_apresentada_adia_o_julgamento(
    banco: Banco,
) -> None:
    pid = _defesa_apresentada(banco)
    with banco.unit_of_work() as s:
        mudaram = registrar_fechamento.na_sessao(s, "CPSC", FECHAMENTO, "feriado municipal")
        assert [p.etapa for p in mudaram] == ["julgamento"]
    julgamento = _prazo(banco, pid, "julgamento")
    # a defesa expira um dia útil depois (08/04); o julgamento conta daí: 08/05/2026
    assert (julgamento.inicio, julgamento.vencimento) == (dt.date(2026, 4, 8), dt.date(2026, 5, 8))
    # o prazo encerrado da defesa guarda o que foi quando se encerrou
    assert _prazo(banco, pid, "defesa").vencimento == FIM_DA_DEFESA
    with banco.unit_of_work(somente_leitura=True) as s:
        assert resumo_processo.conferir(s) == []  # o modelo de leitura acompanha


def test_recalculo_em_lote_adia_o_julgamento_contado_da_defesa_ja_apresentada(
    banco: Banco,
) -> None:
    pid = _defesa_apresentada(banco)
    with banco.unit_of_work() as s:  # direto na tabela, como depois de mudar o calendário
        om_id = s.execute(select(OM.id).where(OM.sigla == "CPSC")).scalar_one()
        s.add(OMFechamento(om_id=om_id, data=FECHAMENTO, motivo="feriado municipal"))

    r = recalcular_prazos_abertos(BancoUnitOfWork(banco), None)

    assert r.alterados == 1
    julgamento = _prazo(banco, pid, "julgamento")
    assert (julgamento.inicio, julgamento.vencimento) == (dt.date(2026, 4, 8), dt.date(2026, 5, 8))
    with banco.unit_of_work(somente_leitura=True) as s:
        assert resumo_processo.conferir(s) == []
    # de novo, nada muda
    assert recalcular_prazos_abertos(BancoUnitOfWork(banco), None).alterados == 0

"""Penalidades acessórias impostas no julgamento (LESTA arts. 25 IV e 29; RLESTA art. 26),
com o prazo que a decisão fixa e os atos de cumprimento e de execução direta."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

from .conftest import JUSTIFICATIVA, Api

FUNDAMENTO_DEMOLICAO = "O trapiche avança sobre o canal e estreita a passagem das embarcações."


def _obra(api: Api) -> int:
    """Processo até aguardar julgamento, com a infração de obra às margens das águas."""
    pid = api.novo_processo()
    auto = {"infracoes": [{"infracao": "RLESTA.26", "autor_tipo": "proprietario_obra"}]}
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", auto)
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "pessoal"})
    api.ato_ok(pid, "defesa", "2026-03-20", {"texto": "Alega licença municipal."})
    return pid


def _decisao(acessorias: list[dict[str, Any]], prazo: int | None) -> dict[str, Any]:
    dados: dict[str, Any] = {
        "penalidades": [{"infracao": "RLESTA.26", "multa": "2000.00", "acessorias": acessorias}],
        "justificativa": JUSTIFICATIVA,
    }
    if prazo is not None:
        dados["prazo_acessorias_dias"] = prazo
    return dados


def test_demolicao_imposta_com_prazo_fixado_cumprida_antes_de_quitar(api: Api) -> None:
    pid = _obra(api)
    demolicao = {"tipo": "demolicao_obra", "fundamentacao": FUNDAMENTO_DEMOLICAO}
    # sem o prazo, a decisão é recusada: a norma não o fixa, a decisão deve fixá-lo
    r = api.ato(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao], None))
    assert (r.status_code, r.json()["campo"]) == (422, "dados.prazo_acessorias_dias")
    assert r.json()["regra"] == "Lei 9.784/1999 art. 66, § 2º"
    # acessória que a infração não admite: recusada com as cabíveis
    errada = {"tipo": "apreensao_embarcacao", "fundamentacao": FUNDAMENTO_DEMOLICAO}
    r = api.ato(pid, "julgamento_procedente", "2026-04-10", _decisao([errada], 60))
    assert r.status_code == 422
    assert r.json()["campo"] == "dados.penalidades.0.acessorias.0.tipo"
    assert r.json()["mensagem"] == (
        "RLESTA.26 não comporta a acessória apreensão da embarcação (reincidência) "
        "(apreensao_embarcacao) (cabíveis: demolição da obra e recomposição do local "
        "(demolicao_obra))"
    )

    r = api.ato_ok(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao], 60))
    assert r["penalidades"][0]["acessorias"][0]["prazo_dias"] == 60
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})
    p = api.processo(pid)
    acessoria = next(x for x in p["prazos"] if x["etapa"] == "acessoria")
    # 60 dias contados de modo contínuo de 15/04/2026: 13/06/2026, um sábado; prorroga para
    # a segunda, 15/06/2026 (Lei 9.784/1999 art. 66 §§ 1º e 2º)
    assert (acessoria["vencimento"], acessoria["dias"]) == ("2026-06-15", 60)

    r = api.ato(pid, "execucao_direta_acessoria", "2026-05-04",
                {"tipos": ["demolicao_obra"], "despesas": "15000.00",
                 "fundamentacao": "Demolição contratada pela Capitania, às expensas do infrator."})  # fmt: skip
    assert r.status_code == 409 and "o infrator tem até 15/06/2026" in r.json()["detail"]

    api.ato_ok(pid, "pagamento", "2026-04-24", {"valor": "2000.00", "referencia": "DARF 11"})
    # multa paga e sem recurso, mas a demolição segue pendente: o processo não se quita
    assert api.processo(pid)["estado"] == "decisao_notificada"
    r = api.ato(pid, "encerramento", "2026-04-24")
    assert r.status_code == 409
    assert "pendente (demolição da obra e recomposição do local)" in r.json()["detail"]

    api.ato_ok(pid, "cumprimento_acessoria", "2026-05-20",
               {"tipos": ["demolicao_obra"], "texto": "Vistoria: trapiche demolido e canal livre."},
               como="inspetor.cpsc")  # fmt: skip
    r = api.ato_ok(pid, "encerramento", "2026-05-20")
    assert r["processo"]["estado"] == "quitado"


def test_execucao_direta_depois_do_prazo_registra_as_despesas(api: Api) -> None:
    pid = _obra(api)
    demolicao = {"tipo": "demolicao_obra", "fundamentacao": FUNDAMENTO_DEMOLICAO}
    api.ato_ok(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao], 10))
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})
    # 10 dias contínuos de 15/04: 24/04/2026 (sexta)
    r = api.ato_ok(pid, "execucao_direta_acessoria", "2026-04-27",
                   {"tipos": ["demolicao_obra"], "despesas": "15000.00",
                    "fundamentacao": "Demolição contratada pela Capitania, às expensas do infrator."})  # fmt: skip
    assert r["processo"]["estado"] == "decisao_notificada"
    p = api.processo(pid)
    ato = p["atos"][-1]
    assert (ato["tipo"], ato["dados"]["despesas"]) == ("execucao_direta_acessoria", "15000.00")
    assert not [x for x in p["prazos"] if x["etapa"] == "acessoria" and x["aberto"]]


def test_a_decisao_em_pdf_ordena_a_demolicao_com_o_prazo(api: Api) -> None:
    pid = _obra(api)
    demolicao = {"tipo": "demolicao_obra", "fundamentacao": FUNDAMENTO_DEMOLICAO}
    api.ato_ok(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao], 60))
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "decisao_julgamento"})
    assert r.status_code == 201, r.text
    pdf = api.cliente.get(r.json()["pdf"], headers=api.cabecalhos("ac.cpsc"))
    assert pdf.status_code == 200
    texto = " ".join((x.extract_text() or "") for x in PdfReader(io.BytesIO(pdf.content)).pages)
    compacto = "".join(texto.split())
    assert "demoliçãodaobraerecomposiçãodolocal,em60diascontadosdaciência" in compacto
    assert "LESTAart.29" in compacto


def test_acessoria_repetida_ou_nao_pendente_e_recusada_pelo_nome(api: Api) -> None:
    pid = _obra(api)
    demolicao = {"tipo": "demolicao_obra", "fundamentacao": FUNDAMENTO_DEMOLICAO}
    r = api.ato(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao, demolicao], 60))
    assert r.status_code == 422
    assert r.json()["campo"] == "dados.penalidades.0.acessorias.1.tipo"
    # o nome de acessorias.yaml, com o id que a API recebe entre parênteses
    assert r.json()["mensagem"] == (
        "acessória repetida: demolição da obra e recomposição do local (demolicao_obra)"
    )
    api.ato_ok(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao], 60))
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})
    r = api.ato(pid, "cumprimento_acessoria", "2026-05-20",
                {"tipos": ["retirada_embarcacao"], "texto": "Vistoria: embarcação retirada."},
                como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 422
    assert r.json()["mensagem"] == (
        "acessória não pendente neste processo: retirada da embarcação do local da atividade "
        "(retirada_embarcacao) (pendentes: demolição da obra e recomposição do local "
        "(demolicao_obra))"
    )


def test_benfeitoria_sem_execucao_direta_da_retirada_e_com_todas_as_pendentes(api: Api) -> None:
    # RLESTA art. 27: retirada da embarcação ou demolição da benfeitoria; só a demolição tem
    # execução direta (LESTA art. 29); a retirada não (acessorias.yaml, execucao_direta)
    pid = api.novo_processo()
    auto = {"infracoes": [{"infracao": "RLESTA.27", "autor_tipo": "pesquisador_jazida"}]}
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", auto)
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "pessoal"})
    api.ato_ok(pid, "defesa", "2026-03-20", {"texto": "Alega licença ambiental."})
    ambas = [
        {"tipo": "retirada_embarcacao", "fundamentacao": FUNDAMENTO_DEMOLICAO},
        {"tipo": "demolicao_benfeitoria", "fundamentacao": FUNDAMENTO_DEMOLICAO},
    ]
    api.ato_ok(pid, "julgamento_procedente", "2026-04-10", {
        "penalidades": [{"infracao": "RLESTA.27", "multa": "2000.00", "acessorias": ambas}],
        "justificativa": JUSTIFICATIVA, "prazo_acessorias_dias": 10,
    })  # fmt: skip
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})
    # 10 dias contínuos de 15/04: vence 24/04/2026 (sexta); a execução direta vem depois
    execucao = {"despesas": "15000.00", "fundamentacao": "Executada pela Capitania."}
    r = api.ato(pid, "execucao_direta_acessoria", "2026-04-27", {**execucao, "tipos": [
        "retirada_embarcacao", "demolicao_benfeitoria"]})  # fmt: skip
    assert r.status_code == 422
    assert r.json()["mensagem"] == (
        "a norma não prevê execução direta de: retirada da embarcação do local da atividade "
        "(retirada_embarcacao)"
    )
    r = api.ato(pid, "execucao_direta_acessoria", "2026-04-27",
                {**execucao, "tipos": ["demolicao_benfeitoria"]})  # fmt: skip
    assert r.status_code == 422
    assert r.json()["mensagem"] == (
        "o ato encerra o prazo das acessórias: registre todas as pendentes do infrator (faltam: "
        "retirada da embarcação do local da atividade (retirada_embarcacao))"
    )


def test_inspetor_nao_emite_a_decisao_que_so_a_autoridade_registra(api: Api) -> None:
    """Quem emite cada documento vem do quadro: quem registra o ato que ele materializa. O
    inspetor não emite (nem substitui) a decisão do julgamento."""
    pid = _obra(api)
    demolicao = {"tipo": "demolicao_obra", "fundamentacao": FUNDAMENTO_DEMOLICAO}
    api.ato_ok(pid, "julgamento_procedente", "2026-04-10", _decisao([demolicao], 60))
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "decisao_julgamento"},
                 como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 409, r.text
    assert r.json()["campo"] == "tipo"
    assert "(Autoridade Competente)" in r.json()["mensagem"]
    assert "autoridade_competente" not in r.json()["mensagem"]
    assert api.get(f"/processos/{pid}/documentos").json() == []  # nada foi emitido
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "notificacao_comparecimento"},
                 como="inspetor.cpsc")  # fmt: skip
    assert r.status_code == 201, r.text
    assert (
        api.post(f"/processos/{pid}/documentos", {"tipo": "decisao_julgamento"}).status_code == 201
    )

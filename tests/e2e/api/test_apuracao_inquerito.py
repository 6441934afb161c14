"""Os outros caminhos de RLESTA art. 9º: a apuração posterior (II) e o inquérito
administrativo (III; NORMAM-07 itens 0316 a 0324), abertos pela API e levados até o arquivamento
ou até o procedimento sancionador que a conclusão abre, ligado a eles."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

from .conftest import Api
from .test_comunicacao import PROCURADORA, constituir

INVESTIGADO = {"documento": "529.982.247-25", "nome": "Joaquim Barbosa da Silva"}
RAZOES = "Os documentos juntados não confirmam a notícia; não há infração a apurar."
AUTO_POLUICAO = {
    "descricao": "Descarga de mistura oleosa pelo costado, vista por testemunhas.",
    "local": "Baía de Sepetiba, próximo ao terminal",
    "substancia": "mistura oleosa (óleo diesel)",
    "volume_estimado_litros": "150",
    "fundamentacao": "Os autos concluem pela descarga de óleo e identificam o proprietário.",
}


def _abrir(api: Api, regime: str, data_fato: str, data_ato: str, como: str, **dados: Any) -> Any:
    corpo = {
        "regime": regime,
        "investigado": INVESTIGADO,
        "data_fato": data_fato,
        "data_ato": data_ato,
        "dados": {"texto": "Notícia do fato.", **dados},
    }
    return api.post("/procedimentos", corpo, como=como)


def _prazo(p: dict[str, Any], etapa: str) -> dict[str, Any]:
    return [x for x in p["prazos"] if x["etapa"] == etapa][-1]


def test_denuncia_apurada_e_arquivada_com_as_razoes(api: Api) -> None:
    r = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc")
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    assert (r.json()["regime"], r.json()["estado"]) == ("apuracao", "em_apuracao")
    api.ato_ok(pid, "diligencia_apuracao", "2026-03-05", {"texto": "Ofício à marina."})
    r = api.ato(pid, "arquivamento_apuracao", "2026-03-10", {"fundamentacao": "curta"})
    assert (r.status_code, r.json()["campo"]) == (422, "dados.fundamentacao")
    api.ato_ok(pid, "arquivamento_apuracao", "2026-03-10", {"fundamentacao": RAZOES})
    p = api.processo(pid)
    assert p["estado"] == "arquivada" and p["data_fato"] == "2026-02-10"


def test_denuncia_leva_a_notificacao_que_abre_o_processo_sancionador(api: Api) -> None:
    pid = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc").json()["id"]
    conversao = {
        "infracoes": ["RLESTA.16.II"],
        "fundamentacao": "Fotografias e o registro da marina confirmam a navegação sem o TIE.",
    }
    r = api.ato_ok(pid, "notificacao_da_apuracao", "2026-03-16", conversao)
    assert r["processo"]["estado"] == "convertida"
    aberto = r["processo_aberto"]
    assert aberto["regime"] == "lesta"
    novo = api.processo(aberto["id"])
    # o processo sancionador nasce notificado, com o fato da apuração e ligado a ela
    assert novo["estado"] == "notificado"
    assert novo["data_fato"] == "2026-02-10"
    assert novo["origem"] == {
        "id": pid,
        "numero": api.processo(pid)["numero"],
        "regime": "apuracao",
    }
    # a Notificação se lavrou na OM, sem o notificado: o prazo de comparecimento não corre, e
    # o auto não se lavra, até a ciência dela (Norma de 2023 itens 3.2, 3.6.1 e 3.6.6); antes,
    # corria da conversão e o auto se lavrava sem que ele jamais tivesse sido notificado
    assert not [x for x in novo["prazos"] if x["etapa"] == "comparecimento"]
    infracoes = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}
    r = api.ato(aberto["id"], "lavratura_auto", "2026-04-30", infracoes)
    assert r.status_code == 409, r.text
    assert "ciência do notificado não foi registrada" in r.json()["mensagem"]
    r = api.get(f"/processos/{aberto['id']}/atos-possiveis", como="ac.cpsc", hoje="2026-03-20")
    possiveis = {a["tipo"]: a for a in r.json()}
    assert possiveis["ciencia_notificacao"]["permitido"]
    assert not possiveis["lavratura_auto"]["permitido"]
    api.ato_ok(aberto["id"], "ciencia_notificacao", "2026-03-23", {"meio": "AR"})
    novo = api.processo(aberto["id"])
    # comparecimento: 8 dias úteis do dia seguinte à ciência por AR em 23/03/2026: 24, 25, 26,
    # 27, 30 e 31/03, 01 e 02/04/2026 (03/04 é a Sexta-feira Santa)
    assert _prazo(novo, "comparecimento")["vencimento"] == "2026-04-02"
    r = api.ato(aberto["id"], "ciencia_notificacao", "2026-03-24", {"meio": "pessoal"})
    assert r.status_code == 409 and "já foi registrada" in r.text
    r = api.ato(aberto["id"], "lavratura_auto", "2026-04-02", infracoes)
    assert r.status_code == 409 and "em curso" in r.text
    api.ato_ok(aberto["id"], "lavratura_auto", "2026-04-06", infracoes)


def test_apuracao_de_poluicao_abre_o_procedimento_ambiental_ligado_a_ela(api: Api) -> None:
    """NORMAM-401 item 1.2 b: a infração por poluição constatada "mediante apuração posterior"
    leva ao Auto de Infração (item 1.4.1 a), que abre o procedimento ambiental."""
    pid = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc").json()["id"]
    r = api.ato_ok(pid, "auto_poluicao_da_apuracao", "2026-03-16", AUTO_POLUICAO)
    assert r["processo"]["estado"] == "convertida"
    assert "NORMAM-401/DPC item 1.2" in r["ato"]["fundamentos"]
    novo = api.processo(r["processo_aberto"]["id"])
    assert (novo["regime"], novo["estado"], novo["data_fato"]) == (
        "poluicao",
        "autuado",
        "2026-02-10",
    )
    assert novo["origem"]["id"] == pid and novo["origem"]["regime"] == "apuracao"
    assert novo["atos"][0]["dados"]["fundamentacao"] == AUTO_POLUICAO["fundamentacao"]


def test_infracao_desconhecida_na_conclusao_e_recusada_sem_abrir_nada(api: Api) -> None:
    pid = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc").json()["id"]
    r = api.ato(pid, "notificacao_da_apuracao", "2026-03-16",
                {"infracoes": ["RLESTA.99"], "fundamentacao": "Fundamentação suficiente aqui."})  # fmt: skip
    assert (r.status_code, r.json()["campo"]) == (422, "dados.infracoes.0")
    assert api.processo(pid)["estado"] == "em_apuracao"


def test_fato_prescrito_nao_abre_apuracao(api: Api) -> None:
    # fato em 10/02/2021: a ação punitiva prescreveu em 10/02/2026 (Lei 9.873/1999 art. 1º)
    r = _abrir(api, "apuracao", "2021-02-10", "2026-03-02", "inspetor.cpsc")
    assert r.status_code == 422
    assert r.json()["campo"] == "data_fato"
    assert "prescreveu em 10/02/2026" in r.json()["mensagem"]
    assert "Lei 9.873/1999 art. 1º" in r.json()["regra"]


def test_regime_lesta_nao_se_abre_sem_inspecao(api: Api) -> None:
    r = _abrir(api, "lesta", "2026-02-10", "2026-03-02", "inspetor.cpsc")
    assert (r.status_code, r.json()["campo"]) == (422, "regime")


def _inquerito_ate_a_defesa(api: Api) -> int:
    r = _abrir(api, "inquerito", "2026-01-20", "2026-02-02", "cp.cpsc",
               texto="Portaria nº 12/2026: designa o CT Encarregado do Inquérito.")  # fmt: skip
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    # 30 dias corridos de 02/02/2026 (NORMAM-07 item 0320): 04/03/2026
    assert _prazo(api.processo(pid), "conclusao")["vencimento"] == "2026-03-04"
    api.ato_ok(pid, "portaria_escrivao", "2026-02-03", {"texto": "Designa o escrivão."})
    api.ato_ok(pid, "auto_perguntas_indiciado", "2026-02-05", {"texto": "Perguntas ao indiciado."})
    api.ato_ok(pid, "inquiricao_testemunha", "2026-02-06", {"texto": "Testemunha 1."})
    # uma prorrogação, pela autoridade instauradora: mais 30 dias contados do vencimento
    # (04/03/2026): 03/04/2026, Sexta-feira Santa; prorroga para segunda, 06/04/2026
    api.ato_ok(pid, "prorrogacao_inquerito", "2026-03-02", {"texto": "Aguarda perícia."},
               como="cp.cpsc")  # fmt: skip
    assert _prazo(api.processo(pid), "prorrogacao")["vencimento"] == "2026-04-06"
    r = api.ato(pid, "prorrogacao_inquerito", "2026-03-20", {"texto": "De novo."}, como="cp.cpsc")
    assert r.status_code == 409
    assert "uma só prorrogação" in r.json()["detail"]
    assert "NORMAM-07/DPC item 0320" in r.json()["detail"]
    api.ato_ok(pid, "inicio_instrucao", "2026-03-23", {"texto": "Encerradas as inquirições."})
    api.ato_ok(pid, "relatorio_inquerito", "2026-03-30", {"texto": "Relatório."})
    api.ato_ok(pid, "conclusao_inquerito", "2026-04-01", {"texto": "Infração e autor constatados."},
               como="cp.cpsc")  # fmt: skip
    # defesa indireta: o procurador do indiciado, com o instrumento (NORMAM-07 item 0319)
    r = constituir(api, pid, "2026-04-06")
    assert r.status_code == 201, r.text
    assert [x["nome"] for x in api.processo(pid)["procuradores"]] == [PROCURADORA["nome"]]
    api.ato_ok(pid, "defesa_inquerito", "2026-04-10", {"texto": "Defesa por procurador."})
    return pid


def test_inquerito_prorrogado_uma_vez_conclui_e_abre_o_auto(api: Api) -> None:
    pid = _inquerito_ate_a_defesa(api)
    conversao = {"infracoes": ["RLESTA.16.II"],
                 "fundamentacao": "Inquérito concluiu pela infração e identificou o proprietário."}  # fmt: skip
    r = api.ato_ok(pid, "instauracao_procedimento_sancionador", "2026-04-15", conversao,
                   como="cp.cpsc")  # fmt: skip
    assert r["processo"]["estado"] == "convertido"
    novo = api.processo(r["processo_aberto"]["id"])
    assert novo["estado"] == "notificado" and novo["origem"]["regime"] == "inquerito"


def test_a_conclusao_do_inquerito_oferece_os_dois_procedimentos(api: Api) -> None:
    """Da defesa registrada, o Capitão dos Portos escolhe o procedimento que a conclusão abre:
    o da LESTA (NORMAM-07 item 0321) ou o ambiental (NORMAM-401 item 1.2 c)."""
    pid = _inquerito_ate_a_defesa(api)
    r = api.get(f"/processos/{pid}/atos-possiveis", como="cp.cpsc", hoje="2026-04-15")
    assert r.status_code == 200, r.text
    possiveis = {a["tipo"]: a for a in r.json()}
    assert possiveis["instauracao_procedimento_sancionador"]["permitido"]
    ambiental = possiveis["instauracao_procedimento_ambiental"]
    assert ambiental["permitido"]
    assert "NORMAM-401/DPC item 1.2" in ambiental["fundamentos"]


def test_inquerito_de_poluicao_abre_o_procedimento_ambiental_ligado_a_ele(api: Api) -> None:
    pid = _inquerito_ate_a_defesa(api)
    # sem fundamentação bastante: recusa sem gravar nada nem abrir processo
    r = api.ato(pid, "instauracao_procedimento_ambiental", "2026-04-15",
                {**AUTO_POLUICAO, "fundamentacao": "curta"}, como="cp.cpsc")  # fmt: skip
    assert (r.status_code, r.json()["campo"]) == (422, "dados.fundamentacao")
    r = api.ato(pid, "instauracao_procedimento_ambiental", "2026-04-15",
                {**AUTO_POLUICAO, "infracao": "LESTA.99"}, como="cp.cpsc")  # fmt: skip
    assert (r.status_code, r.json()["campo"]) == (422, "dados.infracao")
    assert api.processo(pid)["estado"] == "defesa_registrada"
    r = api.ato_ok(pid, "instauracao_procedimento_ambiental", "2026-04-15", AUTO_POLUICAO,
                   como="cp.cpsc")  # fmt: skip
    assert r["processo"]["estado"] == "convertido"
    assert "NORMAM-401/DPC item 1.2" in r["ato"]["fundamentos"]
    aberto = r["processo_aberto"]
    assert aberto["regime"] == "poluicao"
    novo = api.processo(aberto["id"])
    # o procedimento ambiental nasce autuado (o Auto de Infração lavrado, NORMAM-401 item
    # 1.4.1 a), com o fato do inquérito, ligado a ele e com a fundamentação da conclusão
    assert (novo["regime"], novo["estado"]) == ("poluicao", "autuado")
    assert novo["data_fato"] == "2026-01-20"
    origem = api.processo(pid)
    assert novo["origem"] == {"id": pid, "numero": origem["numero"], "regime": "inquerito"}
    lavratura = novo["atos"][0]
    assert lavratura["tipo"] == "lavratura_auto_poluicao"
    assert lavratura["dados"]["fundamentacao"] == AUTO_POLUICAO["fundamentacao"]
    assert lavratura["dados"]["data_fato"] == "2026-01-20"
    assert lavratura["dados"]["numero_auto"]
    # o Auto de Infração emitido diz onde a infração se constatou e a fundamentação
    doc = api.post(f"/processos/{aberto['id']}/documentos", {"tipo": "auto_de_infracao_poluicao"})
    assert doc.status_code == 201, doc.text
    pdf = api.cliente.get(doc.json()["pdf"], headers=api.cabecalhos("ac.cpsc"))
    texto = "".join(
        "".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf.content)).pages).split()
    )
    assert (
        "".join(f"processo {origem['numero']}: {AUTO_POLUICAO['fundamentacao']}".split()) in texto
    )
    # o procedimento segue o rito da NORMAM-401: a ciência da autuação abre a defesa
    api.ato_ok(aberto["id"], "ciencia_auto", "2026-04-16", {"meio": "pessoal"})
    assert api.processo(aberto["id"])["estado"] == "em_defesa"


def test_inquerito_com_indicios_de_crime_vai_ao_ministerio_publico_depois_do_distrito(
    api: Api,
) -> None:
    pid = _inquerito_ate_a_defesa(api)
    r = api.ato(pid, "encaminhamento_ministerio_publico", "2026-04-15", {"texto": "Ofício."},
                como="cp.cpsc")  # fmt: skip
    assert r.status_code == 409 and "Distrito Naval" in r.json()["detail"]
    api.ato_ok(pid, "apreciacao_distrito_naval", "2026-04-20", {"texto": "DN de acordo."},
               como="cp.cpsc")  # fmt: skip
    api.ato_ok(pid, "encaminhamento_ministerio_publico", "2026-04-22",
               {"texto": "Cópia integral ao MPF."}, como="cp.cpsc")  # fmt: skip
    # medida administrativa sem procedimento sancionador ("concomitante ou não", item 0321)
    r = api.ato(pid, "medida_administrativa_inquerito", "2026-04-23",
                {"medidas": ["interdicao"], "fundamentacao": "Risco à navegação no local."},
                como="cp.cpsc")  # fmt: skip
    assert (r.status_code, r.json()["campo"]) == (422, "dados.medidas.0")
    api.ato_ok(pid, "medida_administrativa_inquerito", "2026-04-23",
               {"medidas": ["apreensao_habilitacao"],
                "fundamentacao": "Condutor sem condições de conduzir; apreensão do certificado."},
               como="cp.cpsc")  # fmt: skip
    api.ato_ok(pid, "arquivamento_inquerito", "2026-04-23",
               {"fundamentacao": "Sem infração à LESTA; indícios de crime já levados ao MPF."},
               como="cp.cpsc")  # fmt: skip
    assert api.processo(pid)["estado"] == "arquivado"


def test_notificacao_e_auto_do_processo_aberto_pela_apuracao_sao_emitidos(api: Api) -> None:
    """A Notificação e o Auto do processo que a apuração abriu dizem o fato apurado (a data do
    fato, sem hora nem local inventados) e as infrações constatadas na conclusão."""
    import io

    from pypdf import PdfReader

    pid = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc").json()["id"]
    fundamentacao = "Fotografias e o registro da marina confirmam a navegação sem o TIE."
    r = api.ato_ok(pid, "notificacao_da_apuracao", "2026-03-16",
                   {"infracoes": ["RLESTA.16.II"], "fundamentacao": fundamentacao})  # fmt: skip
    novo = r["processo_aberto"]["id"]

    def texto(tipo: str) -> str:
        doc = api.post(f"/processos/{novo}/documentos", {"tipo": tipo})
        assert doc.status_code == 201, doc.text
        pdf = api.cliente.get(doc.json()["pdf"], headers=api.cabecalhos("ac.cpsc"))
        return " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf.content)).pages)

    notificacao = "".join(texto("notificacao_comparecimento").split())
    assert "10/02/2026" in notificacao and "RLESTA" in notificacao
    assert "".join(fundamentacao.split()) in notificacao
    # o prazo corre da ciência desta Notificação, ainda não dada: sem data de vencimento
    assert "acontardaciência" in notificacao
    assert "8diasúteis,contadosdodiaseguinteàciênciadestaNotificação" in notificacao
    api.ato_ok(novo, "ciencia_notificacao", "2026-03-17", {"meio": "pessoal"})
    api.ato_ok(novo, "lavratura_auto", "2026-03-30",
               {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]})  # fmt: skip
    assert "10/02/2026" in "".join(texto("auto_de_infracao").split())


def _inquerito_prorrogado_e_relatado(api: Api) -> int:
    """Instaurado em 02/02/2026 (conclusão até 04/03/2026), prorrogado em 02/03/2026 (até
    06/04/2026, NORMAM-07 item 0320) e relatado em 30/03/2026."""
    r = _abrir(api, "inquerito", "2026-01-20", "2026-02-02", "cp.cpsc",
               texto="Portaria nº 13/2026: designa o CT Encarregado do Inquérito.")  # fmt: skip
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    api.ato_ok(pid, "portaria_escrivao", "2026-02-03", {"texto": "Designa o escrivão."})
    api.ato_ok(pid, "auto_perguntas_indiciado", "2026-02-05", {"texto": "Perguntas ao indiciado."})
    api.ato_ok(pid, "prorrogacao_inquerito", "2026-03-02", {"texto": "Aguarda perícia."},
               como="cp.cpsc")  # fmt: skip
    assert _prazo(api.processo(pid), "prorrogacao")["vencimento"] == "2026-04-06"
    api.ato_ok(pid, "inicio_instrucao", "2026-03-23", {"texto": "Encerradas as inquirições."})
    api.ato_ok(pid, "relatorio_inquerito", "2026-03-30", {"texto": "Relatório."})
    return pid


def test_conclusao_depois_da_prorrogacao_vencida_e_sinalizada(api: Api) -> None:
    # prorrogado, o inquérito tinha até 06/04/2026; concluído em 08/04/2026, fora do prazo
    # (NORMAM-07 item 0320): a conclusão é registrada, mas com o prazo extrapolado, como a que
    # passa dos trinta dias sem prorrogação
    pid = _inquerito_prorrogado_e_relatado(api)
    r = api.ato_ok(pid, "conclusao_inquerito", "2026-04-08", {"texto": "Conclusão."},
                   como="cp.cpsc")  # fmt: skip
    assert r["ato"]["sinalizadores"] == ["prazo_extrapolado"]
    prorrogacao = _prazo(api.processo(pid), "prorrogacao")
    # o prazo é da Administração: sinaliza, não invalida (como o julgamento fora dos 30 dias)
    assert r["ato"]["intempestivo"] is False
    assert prorrogacao["encerrado_em"] == "2026-04-08"


def test_conclusao_no_prazo_prorrogado_cumpre_o_prazo(api: Api) -> None:
    # concluído em 01/04/2026, dentro da prorrogação (até 06/04/2026): o prazo prorrogado foi
    # cumprido, sem sinal de prazo extrapolado
    pid = _inquerito_prorrogado_e_relatado(api)
    r = api.ato_ok(pid, "conclusao_inquerito", "2026-04-01", {"texto": "Conclusão."},
                   como="cp.cpsc")  # fmt: skip
    assert r["ato"]["sinalizadores"] == []
    prorrogacao = _prazo(api.processo(pid), "prorrogacao")
    assert (prorrogacao["encerrado_em"], prorrogacao["cumprido"]) == ("2026-04-01", True)


def test_a_primeira_fase_nao_se_encerra_sem_escrivao_nem_auto_de_perguntas(api: Api) -> None:
    # NORMAM-07 item 0318: o inquérito compreende a portaria do escrivão (b) e o auto de
    # perguntas ao indiciado (c), sem a ressalva "quando houver" ou "se for o caso" da vítima
    # (e) e da busca e apreensão (f); item 0317: o contraditório e a ampla defesa
    r = _abrir(api, "inquerito", "2026-01-20", "2026-02-02", "cp.cpsc",
               texto="Portaria nº 14/2026: designa o CT Encarregado do Inquérito.")  # fmt: skip
    pid = r.json()["id"]
    api.ato_ok(pid, "inquiricao_testemunha", "2026-02-04", {"texto": "Testemunha 1."})
    r = api.ato(pid, "inicio_instrucao", "2026-02-10", {"texto": "Encerradas as inquirições."})
    assert r.status_code == 409, r.text
    assert "escrivão" in r.json()["detail"] and "auto de perguntas" in r.json()["detail"]
    assert r.json()["regra"] == "NORMAM-07/DPC item 0318"
    api.ato_ok(pid, "portaria_escrivao", "2026-02-10", {"texto": "Designa o escrivão."})
    r = api.ato(pid, "inicio_instrucao", "2026-02-10", {"texto": "Encerradas as inquirições."})
    assert r.status_code == 409 and "escrivão" not in r.json()["detail"], r.text
    api.ato_ok(pid, "auto_perguntas_indiciado", "2026-02-11", {"texto": "Perguntas ao indiciado."})
    api.ato_ok(pid, "inicio_instrucao", "2026-02-12", {"texto": "Encerradas as inquirições."})
    assert api.processo(pid)["estado"] == "em_instrucao"


def test_a_pagina_chama_a_pessoa_pelo_que_ela_e_no_procedimento(api: Api) -> None:
    """Na apuração, o investigado; no inquérito, o indiciado (NORMAM-07 item 0318 c); no auto,
    o autuado (`pessoa` do quadro de cada regime). Antes, todas diziam "Autuado"."""
    apuracao = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc").json()["id"]
    inquerito = _abrir(api, "inquerito", "2026-02-10", "2026-03-02", "cp.cpsc").json()["id"]
    auto = api.novo_processo()
    api.entrar_na_web("cp.cpsc")
    for pid, rotulo in ((apuracao, "Investigado"), (inquerito, "Indiciado"), (auto, "Autuado")):
        pagina = api.cliente.get(f"/processos/{pid}").text
        assert f"<dt>{rotulo}</dt>" in pagina, (rotulo, pagina)
        assert pagina.count("<dt>Autuado</dt>") == (rotulo == "Autuado")


def test_notificacao_da_apuracao_dada_por_publicacao_oficial_tem_o_seu_aviso(api: Api) -> None:
    """O notificado de endereço indefinido recebe a ciência da Notificação por publicação
    oficial (Norma de 2023 item 3.6.6): o prazo corre da publicação, e o aviso publicado é
    documento do processo, como o das ciências do auto e das decisões."""
    pid = _abrir(api, "apuracao", "2026-02-10", "2026-03-02", "inspetor.cpsc").json()["id"]
    conversao = {"infracoes": ["RLESTA.16.II"], "fundamentacao": "Fotografias da marina."}
    novo = api.ato_ok(pid, "notificacao_da_apuracao", "2026-03-16", conversao)
    aberto = novo["processo_aberto"]["id"]
    publicacao = {
        "meio": "edital",
        "publicacao": {"veiculo": "dou", "publicado_em": "2026-03-25", "referencia": "DOU nº 57"},
        "hipotese": "endereco_indefinido",
        "justificativa": "AR da Notificação devolvido pelos Correios: 'mudou-se'.",
    }
    api.ato_ok(aberto, "ciencia_notificacao", "2026-03-25", publicacao)
    # 8 dias úteis do dia seguinte à publicação: 26, 27, 30, 31/03, 01, 02, 06 e 07/04/2026
    assert _prazo(api.processo(aberto), "comparecimento")["vencimento"] == "2026-04-07"
    doc = api.post(f"/processos/{aberto}/documentos", {"tipo": "aviso_publicacao"})
    assert doc.status_code == 201, doc.text
    pdf = api.cliente.get(doc.json()["pdf"], headers=api.cabecalhos("ac.cpsc")).content
    texto = " ".join(
        " ".join((x.extract_text() or "").split()) for x in PdfReader(io.BytesIO(pdf)).pages
    )
    for trecho in ("Notificação para Comparecimento", "Diário Oficial da União", "25/03/2026",
                   "07/04/2026"):  # fmt: skip
        assert trecho in texto, (trecho, texto)

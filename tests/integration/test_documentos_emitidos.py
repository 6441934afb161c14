"""Documentos emitidos do processo gravado: PDF com os dados do processo, verificação por
código e por arquivo, reemissão que substitui, recusa antes do ato que o documento materializa."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader
from sqlalchemy import text

from farol.app import criar_app
from farol.config import Configuracao
from farol.erros import Conflito, EntradaInvalida
from farol.relogio import hoje
from farol.services import documentos, inspecoes, montagem_documentos, processos
from farol.services.comandos import NovoAto
from farol.services.jurisdicao import ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco

URL = "https://farol.exemplo.mil.br"
JUSTIFICATIVA = "Infrações comprovadas no auto e na inspeção."
NOME_LONGO = ("Maria " + "de Albuquerque Cavalcanti Wanderley " * 6)[:200].strip()
INFRACOES_12 = [
    "RLESTA.11",
    "RLESTA.13.II",
    "RLESTA.14.III",
    "RLESTA.15.II",
    "RLESTA.16.II",
    "RLESTA.17.III",
    "RLESTA.19.II",
    "RLESTA.20.IV",
    "RLESTA.21.I",
    "RLESTA.22.V",
    "RLESTA.23.III",
    "RLESTA.28.II",
]  # fmt: skip  (todas admitem o proprietário como autor: o auto é do processo dele)


def texto(pdf: bytes) -> str:
    return " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def compacto(s: str) -> str:
    return "".join(s.split())


@pytest.fixture
def cenario(banco: Banco) -> dict[str, Any]:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        outra = criar_om(s, sigla="CPSP", nome="Capitania dos Portos de São Paulo", tipo="CP",
                         uf="SP", municipio="Santos")  # fmt: skip
        insp = criar_usuario(
            s, login="insp", nome="1ºSG Inspetor", senha="x", papel="inspetor", om=om
        )
        aut = criar_usuario(s, login="aut", nome="CT Autoridade Julgadora", senha="x",
                            papel="autoridade_competente", om=om)  # fmt: skip
        criar_usuario(
            s, login="fora", nome="Outra", senha="x", papel="autoridade_competente", om=outra
        )
        a_insp, a_aut = ator_do_usuario(s, insp), ator_do_usuario(s, aut)
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410999999", "nome": "Gaivota Ágil"},
            "proprietario": {"documento": "529.982.247-25", "nome": NOME_LONGO,
                             "endereco": ("Rua Desembargador Vítor Lima, " * 8)[:200]},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, a_insp, cmd).processos[0].id
        itens = [{"infracao": c, "autor_tipo": "proprietario"} for c in INFRACOES_12]
        processos.registrar_ato(
            s,
            a_aut,
            pid,
            NovoAto(
                tipo="lavratura_auto", data_ato=dt.date(2026, 9, 15), dados={"infracoes": itens}
            ),
        )
    return {"pid": pid, "banco": banco}


def _ate_o_julgamento(dia: int) -> list[tuple[str, dt.date, dict[str, Any]]]:
    """Ciência do auto, renúncia à defesa e julgamento procedente (R$ 100,00 por infração) em
    `dia` de setembro de 2026."""
    penalidades = [{"infracao": c, "multa": "100.00"} for c in INFRACOES_12]
    return [
        ("ciencia_auto", dt.date(2026, 9, 16), {"meio": "pessoal"}),
        ("renuncia_defesa", dt.date(2026, 9, 17), {}),
        (
            "julgamento_procedente",
            dt.date(2026, 9, dia),
            {"penalidades": penalidades, "justificativa": JUSTIFICATIVA},
        ),
    ]


def _registrar(
    s: Any, ator: Any, pid: int, passos: list[tuple[str, dt.date, dict[str, Any]]]
) -> None:
    for tipo, dia, dados in passos:
        processos.registrar_ato(s, ator, pid, NovoAto(tipo=tipo, data_ato=dia, dados=dados))


def _ator(banco: Banco, login: str) -> Any:
    from sqlalchemy import select

    from farol.store.orm import Usuario

    with banco.unit_of_work(somente_leitura=True) as s:
        u = s.execute(select(Usuario).where(Usuario.login == login)).scalar_one()
        return ator_do_usuario(s, u)


def test_auto_com_12_infracoes_e_nome_de_200_caracteres_sai_inteiro(
    cenario: dict[str, Any],
) -> None:
    banco = cenario["banco"]
    with banco.unit_of_work() as s:
        doc = documentos.emitir(s, _ator(banco, "aut"), cenario["pid"], "auto_de_infracao", URL)
        pdf, codigo = doc.conteudo, doc.codigo
    t = compacto(texto(pdf))
    assert compacto(NOME_LONGO) in t
    for codigo_infracao in INFRACOES_12:
        assert codigo_infracao in t
    assert "2026/CPSC/000001" in t and codigo in t
    assert "RENUNCIO" in t.upper() or "renúncia" in texto(pdf).lower()


def test_decisao_antes_do_julgamento_e_recusada_com_o_motivo(cenario: dict[str, Any]) -> None:
    banco = cenario["banco"]
    with pytest.raises(Conflito, match="julgamento"), banco.unit_of_work() as s:
        documentos.emitir(s, _ator(banco, "aut"), cenario["pid"], "decisao_julgamento", URL)


def test_verificacao_aceita_o_pdf_genuino_recusa_um_byte_alterado_e_aponta_a_substituicao(
    cenario: dict[str, Any], tmp_path: Any
) -> None:
    banco = cenario["banco"]
    app = criar_app(
        Configuracao(
            pasta_dados=tmp_path, database_url=str(banco.url), segredo="x" * 40, url_publica=URL
        ),
        banco,
    )
    c = TestClient(app)
    token = c.post("/api/v1/auth/token", data={"username": "aut", "password": "x"}).json()[
        "access_token"
    ]
    h = {"Authorization": f"Bearer {token}"}
    primeiro = c.post(
        f"/api/v1/processos/{cenario['pid']}/documentos",
        headers=h,
        json={"tipo": "auto_de_infracao"},
    )
    assert primeiro.status_code == 201, primeiro.text
    pdf = c.get(primeiro.json()["pdf"], headers=h).content
    assert pdf.startswith(b"%PDF")

    ok = c.post("/api/v1/verificacao", files={"arquivo": ("ai.pdf", pdf, "application/pdf")}).json()
    assert ok["autentico"] is True and ok["processo"] == "2026/CPSC/000001" and ok["vigente"]

    alterado = bytearray(pdf)
    alterado[len(alterado) // 2] ^= 0x01
    falso = c.post(
        "/api/v1/verificacao", files={"arquivo": ("ai.pdf", bytes(alterado), "application/pdf")}
    ).json()
    assert falso["autentico"] is False
    # uma foto do documento não é conferida, e não é dada como "NÃO autêntico": 422 com o motivo
    foto = c.post(
        "/api/v1/verificacao", files={"arquivo": ("ai.jpg", b"\xff\xd8\xff\xe0JFIF", "image/jpeg")}
    )
    assert foto.status_code == 422 and "não é um PDF" in foto.text, foto.text
    pagina_foto = c.post(
        "/verificar", files={"arquivo": ("ai.jpg", b"\xff\xd8\xff\xe0JFIF", "image/jpeg")}
    )
    assert pagina_foto.status_code == 422
    assert "Arquivo não conferido" in pagina_foto.text and "não é um PDF" in pagina_foto.text
    assert "NÃO autêntico" not in pagina_foto.text

    segundo = c.post(
        f"/api/v1/processos/{cenario['pid']}/documentos",
        headers=h,
        json={"tipo": "auto_de_infracao"},
    ).json()
    antigo = c.get(f"/api/v1/verificacao/{primeiro.json()['codigo']}").json()
    assert (
        antigo["autentico"]
        and antigo["substituido"]
        and antigo["substituido_por"] == segundo["codigo"]
    )
    pagina = c.get(f"/verificar/{primeiro.json()['codigo']}")
    assert "Documento autêntico" in pagina.text and segundo["codigo"] in pagina.text
    desconhecido = c.get("/verificar/XXXX-YYYY-ZZZZ").text
    assert "Código não encontrado" in desconhecido and "NÃO autêntico" not in desconhecido
    # o código digitado do papel: minúsculas, sem hífens, com espaços ou pontos
    bruto = primeiro.json()["codigo"].replace("-", "")
    for digitado in (
        bruto.lower(),
        f" {bruto[:4]} {bruto[4:8]} {bruto[8:]} ",
        f"{bruto[:6]}.{bruto[6:]}",
    ):
        assert c.get(f"/api/v1/verificacao/{digitado}").json()["autentico"], digitado
        assert "Documento autêntico" in c.get("/verificar", params={"codigo": digitado}).text
    assert c.get("/api/v1/verificacao/XXXX-YYYY-ZZZZ").status_code == 404


def test_usuario_de_outra_capitania_nao_baixa_o_pdf(cenario: dict[str, Any], tmp_path: Any) -> None:
    banco = cenario["banco"]
    app = criar_app(
        Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo="x" * 40), banco
    )
    c = TestClient(app)

    def h(login: str) -> dict[str, str]:
        t = c.post("/api/v1/auth/token", data={"username": login, "password": "x"}).json()[
            "access_token"
        ]
        return {"Authorization": f"Bearer {t}"}

    doc = c.post(
        f"/api/v1/processos/{cenario['pid']}/documentos",
        headers=h("aut"),
        json={"tipo": "notificacao_comparecimento"},
    ).json()
    assert c.get(doc["pdf"], headers=h("fora")).status_code == 404
    assert (
        c.post(
            f"/api/v1/processos/{cenario['pid']}/documentos",
            headers=h("fora"),
            json={"tipo": "auto_de_infracao"},
        ).status_code
        == 404
    )


def test_decisao_reformada_em_recurso_aparece_na_verificacao(cenario: dict[str, Any]) -> None:
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    pid = cenario["pid"]
    with banco.unit_of_work() as s:
        _registrar(s, aut, pid, _ate_o_julgamento(20))
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(tipo="ciencia_decisao", data_ato=dt.date(2026, 9, 21), dados={"meio": "AR"}),
        )
        doc = documentos.emitir(s, aut, pid, "decisao_julgamento", URL)
        codigo = doc.codigo
        t = texto(doc.conteudo)
        assert "PROCEDENTE" in t and "R$ 100,00" in t
        pag = documentos.emitir(s, aut, pid, "notificacao_pagamento", URL)
        assert "mil e duzentos reais" in texto(pag.conteudo)
        # a notificação diz que o recurso não suspende o pagamento, com o fundamento
        assert "não tem efeito suspensivo" in texto(pag.conteudo)
        assert "LESTAart.24,§1º" in compacto(texto(pag.conteudo))
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(
                tipo="recurso", data_ato=dt.date(2026, 9, 23), dados={"texto": "Recorre da multa."}
            ),
        )
    with banco.unit_of_work() as s:
        from sqlalchemy import select

        from farol.store.orm import OM, Usuario

        cap = criar_usuario(s, login="cap", nome="CMG Capitão", senha="x", papel="capitao_dos_portos",
                            om=s.get(OM, aut.om_id))  # fmt: skip
        a_cap = ator_do_usuario(
            s, s.execute(select(Usuario).where(Usuario.id == cap.id)).scalar_one()
        )
        processos.registrar_ato(
            s,
            a_cap,
            pid,
            NovoAto(
                tipo="decisao_recurso_provido",
                data_ato=dt.date(2026, 10, 1),
                dados={"fundamentacao": "Provas novas afastam as infrações."},
            ),
        )
        info = documentos.verificar_codigo.na_sessao(s, codigo)
    assert info.autentico and not info.vigente
    assert info.efeito_alterado[0].efeito == "decisão reformada em recurso (provido)"


def test_no_postgresql_o_banco_recusa_alterar_ou_apagar_documento_emitido(
    cenario: dict[str, Any], motor: str
) -> None:
    if motor != "postgresql":
        pytest.skip("o gatilho documento_emitido_imutavel só existe no PostgreSQL")
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    banco = cenario["banco"]
    with banco.unit_of_work() as s:
        doc_id = documentos.emitir(
            s, _ator(banco, "aut"), cenario["pid"], "auto_de_infracao", URL
        ).id
    for sql in (
        "UPDATE documento_emitido SET sha256 = 'x' WHERE id = :i",
        "DELETE FROM documento_emitido WHERE id = :i",
    ):
        with (
            pytest.raises(DBAPIError, match="documentos emitidos são imutáveis"),
            banco.engine.begin() as c,
        ):
            c.execute(text(sql), {"i": doc_id})


LACRES = [
    {
        "numero": "CPSC-000123",
        "tipo": "lacre plástico numerado",
        "local_aplicacao": "chave de ignição",
    }
]


def _custodia_lacrada(banco: Banco) -> str:
    """Apreensão (RLESTA.16.I navegando), custódia aberta pelo recolhimento sem lacre e o
    Tipo de Lacre recusado até a aplicação de lacres; devolve o número da custódia."""
    from sqlalchemy import select

    from farol.services import custodias
    from farol.store.orm import MedidaAdministrativa

    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = ator_do_usuario(
            s, criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        )
        a = ator_do_usuario(
            s,
            criar_usuario(
                s, login="aut", nome="Autoridade", senha="x", papel="autoridade_competente", om=om
            ),
        )
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410555555", "nome": "Siri Azul"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "navegando", "constatacoes": [{"infracao": "RLESTA.16.I"}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, insp, cmd).processos[0].id
        medida = s.execute(select(MedidaAdministrativa.id).where(
            MedidaAdministrativa.processo_id == pid, MedidaAdministrativa.tipo == "apreensao_embarcacao",
        )).scalar_one()  # fmt: skip
        custodia = custodias.abrir_custodia(s, insp, custodias.NovaCustodia.model_validate({
            "data_ato": "2026-09-01",
            "recolhimento": {"medida_id": medida, "local_guarda": "Pátio da CPSC",
                             "estado_na_chegada": "Casco íntegro, sem avarias aparentes."},
        }))  # fmt: skip
        with pytest.raises(Conflito) as e:
            documentos.emitir(s, a, custodia.id, "tipo_de_lacre", URL)
        assert "nenhum lacre foi registrado" in e.value.mensagem
        processos.registrar_ato(s, insp, custodia.id, NovoAto(
            tipo="aplicacao_de_lacres", data_ato=dt.date(2026, 9, 1), dados={"lacres": LACRES}))  # fmt: skip
        return custodia.numero


def test_tipo_de_lacre_lista_os_lacres_que_a_custodia_registrou(banco: Banco) -> None:
    """O Tipo de Lacre se monta dos lacres registrados pelos atos da custódia, não de dados
    avulsos na emissão (que são recusados nomeando o campo)."""
    numero = _custodia_lacrada(banco)
    with banco.unit_of_work() as s:
        from sqlalchemy import select

        from farol.store.orm import Processo, Usuario

        cid = s.execute(select(Processo.id).where(Processo.numero == numero)).scalar_one()
        a = ator_do_usuario(
            s, s.execute(select(Usuario).where(Usuario.login == "aut")).scalar_one()
        )
        with pytest.raises(EntradaInvalida) as e:
            documentos.emitir(s, a, cid, "tipo_de_lacre", URL, {"lacres": LACRES})
        assert e.value.campo == "dados.lacres"
        doc = documentos.emitir(s, a, cid, "tipo_de_lacre", URL)
        assert "CPSC-000123" in texto(doc.conteudo) and "01/09/2026" in texto(doc.conteudo)
        apreensao = documentos.emitir(s, a, cid, "auto_de_apreensao", URL)
        assert "Siri Azul" in texto(apreensao.conteudo)


def test_cli_documento_grava_o_pdf_e_recusa_dados_que_o_ato_nao_registrou(
    banco: Banco, url_banco: str, tmp_path: Any, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from cli_util import rodar

    numero = _custodia_lacrada(banco)
    saida = tmp_path / "lacre.pdf"
    base = ["documento", numero, "tipo_de_lacre", "-o", str(saida), "--database-url", url_banco]
    lacres = (
        '{"lacres": [{"numero": "CPSC-777", "tipo": "lacre metálico", "local_aplicacao": "motor"}]}'
    )
    erro = rodar(capsys, monkeypatch, *base, "--dados", lacres)
    assert erro.codigo == 2 and erro.stderr.startswith("erro: dados.lacres")
    # pasta que não existe: recusa antes de emitir (nada na cadeia, nenhum documento órfão)
    with banco.unit_of_work(somente_leitura=True) as s:
        emitidos = s.execute(text("SELECT count(*) FROM documento_emitido")).scalar_one()
    fora = [*base[:3], "-o", str(tmp_path / "nao" / "existe.pdf"), *base[5:]]
    erro = rodar(capsys, monkeypatch, *fora)
    assert erro.codigo == 2 and erro.stderr.startswith("erro: saida:"), erro.stderr
    assert "Traceback" not in erro.stderr
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.execute(text("SELECT count(*) FROM documento_emitido")).scalar_one() == emitidos
    ok = rodar(capsys, monkeypatch, *base)
    assert ok.codigo == 0, ok.stderr
    assert "código de verificação" in ok.stdout and "CPSC-000123" in texto(saida.read_bytes())


def test_cli_documento_so_emite_por_quem_registra_o_ato_que_ele_materializa(
    cenario: dict[str, Any], url_banco: str, tmp_path: Any, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A linha de comando segue a mesma regra da API e das páginas: a decisão do julgamento é
    emitida por quem julga (autoridade competente), não pelo inspetor."""
    from cli_util import rodar

    banco, pid = cenario["banco"], cenario["pid"]
    aut = _ator(banco, "aut")
    with banco.unit_of_work() as s:
        _registrar(s, aut, pid, _ate_o_julgamento(20))
    saida = tmp_path / "decisao.pdf"
    base = [
        "documento",
        str(pid),
        "decisao_julgamento",
        "-o",
        str(saida),
        "--database-url",
        url_banco,
    ]
    recusa = rodar(capsys, monkeypatch, *base, "--usuario", "insp")
    assert recusa.codigo != 0 and "não emite" in recusa.stderr
    assert not saida.exists()
    # o processo existe; quem não o alcança ouve isso, no campo da opção (era "erro: id:
    # processo não encontrado")
    fora = rodar(capsys, monkeypatch, *base, "--usuario", "fora")
    assert fora.codigo == 2 and fora.stderr.startswith("erro: usuario:"), fora.stderr
    assert "não está na jurisdição de fora (CPSP)" in fora.stderr
    ok = rodar(capsys, monkeypatch, *base)  # sem login: quem julga, na OM do processo
    assert ok.codigo == 0, ok.stderr
    assert saida.exists()


def _prazos_impressos(pdf: bytes) -> str:
    """O quadro de prazos do documento, compactado (sem espaços)."""
    t = compacto(texto(pdf))
    return t.split("PRAZOS", 1)[1] if "PRAZOS" in t else ""


def test_cada_decisao_imprime_os_prazos_que_ela_abre(cenario: dict[str, Any]) -> None:
    """A Decisão de Recurso imprimia o recurso de 1ª instância (já usado) e não o recurso em
    última instância que ela abre (Norma de 2023, item 3.6.5); a de Julgamento, antes da
    ciência, não dizia do recurso; a notificação de pagamento dizia "a pagar até" durante o
    efeito suspensivo do recurso, que encerra o prazo."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    pid = cenario["pid"]
    with banco.unit_of_work() as s:
        _registrar(s, aut, pid, _ate_o_julgamento(21))
        # antes da ciência: o recurso e o pagamento que a ciência abrirá (o pagamento, porque
        # a decisão impôs multa), calculados para a ciência hoje, o dia da emissão
        antes = _prazos_impressos(
            documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo
        )
        assert "Recursoem1ªinstância" in antes and "Pagamentodamulta" in antes, antes
        assert f"calculadoparaciênciaem{hoje():%d/%m/%Y}" in antes
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(
                tipo="ciencia_decisao", data_ato=dt.date(2026, 9, 22), dados={"meio": "pessoal"}
            ),
        )
        # recurso: 5 dias úteis de 22/09 → 29/09; pagamento: 15 corridos → 07/10
        julgamento = _prazos_impressos(
            documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo
        )
        assert "29/09/2026" in julgamento and "07/10/2026" in julgamento, julgamento
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(tipo="recurso", data_ato=dt.date(2026, 9, 23), dados={"texto": "Recorre."}),
        )
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(
                tipo="efeito_suspensivo",
                data_ato=dt.date(2026, 9, 24),
                dados={"fundamentacao": "Risco de dano de difícil reparação."},
            ),
        )
        with pytest.raises(Conflito, match=r"não está correndo.*24/09/2026.*efeito suspensivo"):
            documentos.emitir(s, aut, pid, "notificacao_pagamento", URL)
    with banco.unit_of_work() as s:
        from sqlalchemy import select

        from farol.store.orm import OM, Usuario

        cap = criar_usuario(s, login="cap", nome="CMG Capitão", senha="x", papel="capitao_dos_portos",
                            om=s.get(OM, aut.om_id))  # fmt: skip
        a_cap = ator_do_usuario(
            s, s.execute(select(Usuario).where(Usuario.id == cap.id)).scalar_one()
        )
        processos.registrar_ato(
            s,
            a_cap,
            pid,
            NovoAto(
                tipo="decisao_recurso_nao_provido",
                data_ato=dt.date(2026, 10, 1),
                dados={"fundamentacao": "As razões não afastam as infrações."},
            ),
        )
        processos.registrar_ato(
            s,
            a_cap,
            pid,
            NovoAto(
                tipo="ciencia_decisao_recurso",
                data_ato=dt.date(2026, 10, 2),
                dados={"meio": "pessoal"},
            ),
        )
        # recurso em última instância: 5 dias úteis de 02/10 (sexta) → 09/10; o pagamento
        # reaberto pela ciência: 15 corridos → 17/10 (sábado) → 19/10
        recurso = _prazos_impressos(
            documentos.emitir(s, a_cap, pid, "decisao_recurso", URL).conteudo
        )
        assert "Recursoemúltimainstância" in recurso and "09/10/2026" in recurso, recurso
        assert "29/09/2026" not in recurso and "Recursoem1ªinstância" not in recurso
        # a Decisão de Julgamento reimpressa segue com os prazos que ela abriu, não os reabertos
        julgamento = _prazos_impressos(
            documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo
        )
        assert "07/10/2026" in julgamento and "19/10/2026" not in julgamento, julgamento
        pagamento = compacto(
            texto(documentos.emitir(s, aut, pid, "notificacao_pagamento", URL).conteudo)
        )
        assert "19/10/2026" in pagamento
        # o que a consulta do regulado diz se a multa não for paga (services/nao_pagamento.py)
        for trecho in (
            "Procuradoria da Fazenda Nacional",
            "sustará o andamento",
            "(LESTA art. 20)",
        ):
            assert compacto(trecho) in pagamento, trecho


def test_decisao_reemitida_antes_da_ciencia_segue_com_o_prazo_de_pagamento(
    cenario: dict[str, Any],
) -> None:
    """A emissão de um documento é ato do sistema: não conta como o último ato do processo
    (atos_do_sistema.yaml). A Decisão de Julgamento reemitida antes da ciência (ou emitida depois
    de outro documento, como a 2ª via do Auto) perdia a linha do pagamento da multa (LESTA art.
    32; Norma de 2023 item 3.6.3 d), embora o texto diga "o pagamento deve ser feito no prazo
    abaixo"."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    pid = cenario["pid"]
    with banco.unit_of_work() as s:
        _registrar(s, aut, pid, _ate_o_julgamento(21))
        primeira = _prazos_impressos(
            documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo
        )
        documentos.emitir(s, aut, pid, "auto_de_infracao", URL)
        segunda = _prazos_impressos(
            documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo
        )
    assert "Pagamentodamulta" in primeira, primeira
    assert "Pagamentodamulta" in segunda, segunda
    # o mesmo quadro (o rodapé muda: outro código, outra cabeça da cadeia)
    assert segunda.split("Notifique-se")[0] == primeira.split("Notifique-se")[0]


def _ate_a_decisao_do_recurso(cenario: dict[str, Any]) -> tuple[Any, Any, int]:
    """Julgado procedente (multa), notificado, recorrido e o recurso não provido pelo Capitão
    dos Portos: (autoridade, capitão, processo)."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    pid = cenario["pid"]
    with banco.unit_of_work() as s:
        _registrar(
            s,
            aut,
            pid,
            [
                *_ate_o_julgamento(21),
                ("ciencia_decisao", dt.date(2026, 9, 22), {"meio": "pessoal"}),
                ("recurso", dt.date(2026, 9, 23), {"texto": "Recorre."}),
            ],
        )
    with banco.unit_of_work() as s:
        from farol.store.orm import OM

        cap = criar_usuario(
            s, login="cap", nome="CMG Capitão", senha="x", papel="capitao_dos_portos",
            om=s.get(OM, aut.om_id),
        )  # fmt: skip
        a_cap = ator_do_usuario(s, cap)
        processos.registrar_ato(
            s,
            a_cap,
            pid,
            NovoAto(
                tipo="decisao_recurso_nao_provido",
                data_ato=dt.date(2026, 10, 1),
                dados={"fundamentacao": "As razões não afastam as infrações."},
            ),
        )
    return aut, a_cap, pid


def test_decisao_de_recurso_diz_o_resultado_pelo_nome_do_ato_com_acento(
    cenario: dict[str, Any],
) -> None:
    """O resultado da Decisão de Recurso saía do id do tipo do ato ("RECURSO NAO PROVIDO",
    "RECURSO FINAL NAO PROVIDO"): sem acento e com o código interno. É o nome do ato no quadro
    do regime (procedimento_lesta.yaml; Norma de 2023 itens 3.6.4 e 3.6.5)."""
    _, a_cap, pid = _ate_a_decisao_do_recurso(cenario)
    with cenario["banco"].unit_of_work() as s:
        t = compacto(texto(documentos.emitir(s, a_cap, pid, "decisao_recurso", URL).conteudo))
    assert "RECURSONÃOPROVIDO(PENALIDADEMANTIDA)" in t
    assert "NAOPROVIDO" not in t


def test_decisoes_dizem_a_quem_se_dirige_o_recurso_que_abrem(cenario: dict[str, Any]) -> None:
    """A Decisão de Julgamento dizia "dirigido à autoridade indicada no quadro", e o quadro de
    prazos não indica autoridade; a Decisão de Recurso não dizia a quem se dirige o recurso em
    última instância. LESTA art. 24 § 1º ("dirigido à autoridade superior designada pela
    autoridade marítima"); Norma de 2023 item 3.6.4 a ("dirigido ao Capitão dos Portos") e item
    3.6.5 ("dirigido ao Diretor de Portos e Costas")."""
    aut, a_cap, pid = _ate_a_decisao_do_recurso(cenario)
    with cenario["banco"].unit_of_work() as s:
        julgamento = compacto(
            texto(documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo)
        )
        recurso = compacto(texto(documentos.emitir(s, a_cap, pid, "decisao_recurso", URL).conteudo))
    assert "autoridadeindicadanoquadro" not in julgamento
    assert "dirigidoàautoridadequeojulga—CapitãodosPortos(NORMAM(Port.110/2023)item3.6.4a)" in (
        julgamento
    ), julgamento
    assert "DiretordePortoseCostas(NORMAM(Port.110/2023)item3.5b)" in recurso, recurso
    assert "recursoemúltimainstânciaadministrativa" in recurso


def test_notificacao_de_pagamento_recusada_quando_a_multa_ja_esta_paga(
    cenario: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Notificação para Pagamento saía 'NOTIFICADO(A) A PAGAR a quantia de R$ ...' com a multa
    já paga por inteiro (processo quitado) ou paga a maior (recurso provido em parte depois do
    pagamento: há valor a restituir, não a pagar). LESTA art. 32: o prazo é 'para pagar a
    multa'; paga, não há o que notificar."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    pid = cenario["pid"]
    with banco.unit_of_work() as s:
        _registrar(
            s,
            aut,
            pid,
            [
                *_ate_o_julgamento(21),
                ("ciencia_decisao", dt.date(2026, 9, 22), {"meio": "pessoal"}),
            ],
        )
        # antes do pagamento, notifica os R$ 1.200,00
        antes = compacto(
            texto(documentos.emitir(s, aut, pid, "notificacao_pagamento", URL).conteudo)
        )
        assert "R$1.200,00" in antes
        # cada multa pelo dispositivo que define a infração, não pelo código do catálogo
        # (revisão dos documentos, B2)
        assert "Multa—RLESTAart.16,II" in antes and "Multa—RLESTA.16.II" not in antes
        decisao = compacto(
            texto(documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo)
        )
        assert "Aplicar:multa(RLESTAart.11);multa(RLESTAart.13,II)" in decisao, decisao
        # emitida hoje, depois do vencimento (07/10/2026: 15 dias corridos de 22/09), é segunda
        # via e o diz; no prazo, não (revisão dos documentos, C1)
        assert (
            f"Segundavia,emitidaem{hoje():%d/%m/%Y}:oprazodepagamento,contadodaciênciaem"
            "22/09/2026,venceuem07/10/2026." in antes
        ), antes
        monkeypatch.setattr(montagem_documentos, "hoje", lambda: dt.date(2026, 10, 7))
        no_prazo = compacto(
            texto(documentos.emitir(s, aut, pid, "notificacao_pagamento", URL).conteudo)
        )
        assert "Segundavia" not in no_prazo and "R$1.200,00" in no_prazo
        monkeypatch.undo()
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(
                tipo="pagamento",
                data_ato=dt.date(2026, 9, 25),
                dados={"valor": "1200.00", "referencia": "DARF 1"},
            ),
        )
        with pytest.raises(Conflito, match=r"já está paga"):
            documentos.emitir(s, aut, pid, "notificacao_pagamento", URL)


def test_decisao_diz_o_grupo_e_a_faixa_em_que_a_multa_foi_fixada(
    cenario: dict[str, Any],
) -> None:
    """A penalidade da Decisão de Julgamento dizia só "multa" e o valor: o interessado não
    conferia que o valor estava nos limites. A autoridade fixa o valor "respeitados os limites
    estipulados neste Regulamento" e os grupos têm os valores do Anexo II (RLESTA art. 7º §§ 1º
    e 2º): o documento diz o grupo e a faixa na data do fato (RLESTA.16.II: Grupo C, de R$ 40,00
    a R$ 800,00; RLESTA.21.I também C, e a RLESTA.28.II, do Grupo A)."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    with banco.unit_of_work() as s:
        _registrar(s, aut, cenario["pid"], _ate_o_julgamento(21))
        t = compacto(
            texto(documentos.emitir(s, aut, cenario["pid"], "decisao_julgamento", URL).conteudo)
        )
    assert "RLESTA.16.IImultaGrupoC:deR$40,00aR$800,00R$100,00(cemreais)" in t, t
    assert "Aplicar:multa(RLESTAart.11);" in t  # o dispositivo sem a faixa, que a tabela diz


def test_relatorio_da_decisao_conta_os_atos_do_processo_ate_ela(cenario: dict[str, Any]) -> None:
    """O relatório da Decisão de Julgamento era só "Processo X; ato nº 5 de 21/09/2026": nada
    do que se passou nos autos. A decisão indica os fatos (Lei 9.784/1999 art. 50): o relatório
    diz cada ato do processo até ela, pelo nome do ato e a data, sem as emissões de documento."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    with banco.unit_of_work() as s:
        _registrar(s, aut, cenario["pid"], _ate_o_julgamento(21))
        documentos.emitir(s, aut, cenario["pid"], "auto_de_infracao", URL)  # ato do sistema
        t = texto(documentos.emitir(s, aut, cenario["pid"], "decisao_julgamento", URL).conteudo)
    relatorio = compacto(t.split("RELATÓRIO", 1)[1].split("FUNDAMENTAÇÃO", 1)[0])
    for passo in ("LavraturadoAutodeInfração,em15/09/2026", "em16/09/2026", "em17/09/2026"):
        assert passo in relatorio, relatorio
    assert "Decisãoregistradaem21/09/2026" in relatorio, relatorio
    assert "Emissão" not in relatorio and "emissão" not in relatorio, relatorio


def test_relatorio_da_decisao_da_a_data_corrigida_do_ato(cenario: dict[str, Any]) -> None:
    """A renúncia registrada em 17/09 e corrigida para 18/09: a data do ato é a da última
    correção (`processos._data_corrigida`), e o relatório da decisão dizia a registrada, 17/09,
    que os próprios autos já corrigiram."""
    from sqlalchemy import select

    from farol.store.orm import Ato

    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    pid = cenario["pid"]
    with banco.unit_of_work() as s:
        passos = _ate_o_julgamento(21)
        _registrar(s, aut, pid, passos[:2])
        renuncia = s.execute(
            select(Ato.id).where(Ato.processo_id == pid, Ato.tipo == "renuncia_defesa")
        ).scalar_one()
        processos.registrar_ato(
            s,
            aut,
            pid,
            NovoAto(
                tipo="correcao",
                data_ato=dt.date(2026, 9, 19),
                corrige_ato_id=renuncia,
                dados={
                    "motivo": "A renúncia foi assinada em 18/09",
                    "dados_corrigidos": {"data_ato": "2026-09-18"},
                },
            ),
        )
        _registrar(s, aut, pid, passos[2:])
        t = texto(documentos.emitir(s, aut, pid, "decisao_julgamento", URL).conteudo)
    relatorio = compacto(t.split("RELATÓRIO", 1)[1].split("FUNDAMENTAÇÃO", 1)[0])
    assert "em18/09/2026" in relatorio, relatorio
    assert "em17/09/2026" not in relatorio, relatorio
    # a correção pelo ato que corrige, não pelo nome técnico do quadro
    assert "Correção(Renúnciaàapresentaçãodadefesa" in relatorio, relatorio
    assert "novoatoqueaponta" not in relatorio, relatorio


def test_fecho_da_decisao_tem_a_data_da_decisao_e_o_cabecalho_a_da_emissao(
    cenario: dict[str, Any],
) -> None:
    """A Decisão de Julgamento de 21/09/2026, emitida hoje, fechava "Florianópolis, SC, em"
    com a data de hoje, ao lado da assinatura "Em 21/09/2026": o documento dizia duas datas da
    mesma decisão. O fecho é a data do ato; a de emissão fica no cabeçalho."""
    banco = cenario["banco"]
    aut = _ator(banco, "aut")
    with banco.unit_of_work() as s:
        _registrar(s, aut, cenario["pid"], _ate_o_julgamento(21))
        t = compacto(
            texto(documentos.emitir(s, aut, cenario["pid"], "decisao_julgamento", URL).conteudo)
        )
    assert "Florianópolis,SC,em21desetembrode2026." in t, t
    assert f"Datadeemissão{hoje():%d/%m/%Y}" in t

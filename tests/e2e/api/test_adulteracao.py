"""Adulteração por quem tem acesso ao banco é detectada (issue 14, ponto 2).

Cada teste monta dois processos pela API (um com documentos emitidos), grava uma âncora
(`farol auditoria ancorar`: arquivo assinado fora do banco), altera o banco por fora do Farol
como faria um DBA mal-intencionado (no PostgreSQL, com os gatilhos desligados só naquela
transação) e confere que a auditoria nomeia a diferença e que a verificação pública deixa de
atestar o que não confere. `CASOS` conta os casos tentados; o README relata quantos foram
detectados.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from farol.erros import Conflito
from farol.services import auditoria
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.ancoras import Diferenca
from farol.store.orm import Base

from .conftest import Api, inspecao

Cenario = dict[str, Any]


def _sql(api: Api, *comandos: str, **parametros: Any) -> None:
    """Executa SQL por fora do Farol; no PostgreSQL, com os gatilhos desligados nesta transação
    (`session_replication_role = replica`, o que o dono ou um superusuário pode fazer)."""
    with api.banco.engine.begin() as c:
        if c.dialect.name == "postgresql":
            c.exec_driver_sql("SET LOCAL session_replication_role = replica")
        for comando in comandos:
            c.execute(text(comando), parametros)


def _apagar_atos(api: Api, pid: int, desde_seq: int) -> None:
    """Apaga os atos do processo a partir de `desde_seq`, e o que aponta para eles."""
    atos = f"(SELECT id FROM ato WHERE processo_id = {pid} AND seq >= {desde_seq})"
    que_apontam = [t.name for t in reversed(Base.metadata.sorted_tables) if "ato_id" in t.c]
    _sql(
        api,
        f"UPDATE prazo SET encerrado_por_ato_id = NULL WHERE encerrado_por_ato_id IN {atos}",
        *(f"DELETE FROM {tabela} WHERE ato_id IN {atos}" for tabela in que_apontam),
        f"DELETE FROM ato WHERE processo_id = {pid} AND seq >= {desde_seq}",
    )


def _apagar_processo(api: Api, pid: int) -> None:
    _apagar_atos(api, pid, 1)
    _sql(
        api,
        f"DELETE FROM auto_infracao_item WHERE auto_id IN "
        f"(SELECT id FROM auto_de_infracao WHERE processo_id = {pid})",
        *(
            f"DELETE FROM {tabela} WHERE processo_id = {pid}"
            for tabela in (
                "prazo",
                "documento_emitido",
                "auto_de_infracao",
                "notificacao",
                "medida_administrativa",
                "processo_resumo",
            )
        ),
        f"DELETE FROM processo WHERE id = {pid}",
    )


@pytest.fixture
def chave(tmp_path: Path) -> Path:
    caminho = tmp_path / "chave"
    auditoria.gerar_chave(caminho)
    return caminho


@pytest.fixture
def pasta(tmp_path: Path) -> Path:
    return tmp_path / "ancoras"


def _diferencas(api: Api, pasta: Path | None = None, chave: Path | None = None) -> list[Diferenca]:
    return auditoria.auditar(BancoUnitOfWork(api.banco), pasta, chave).diferencas


def _tipos(diferencas: list[Diferenca]) -> list[str]:
    return [d.tipo for d in diferencas]


def _emitir(api: Api, pid: int, tipo: str) -> dict[str, Any]:
    r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo})
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.fixture
def cenario(api: Api, pasta: Path, chave: Path) -> Cenario:
    """p1 julgado e notificado, com o Auto e a decisão emitidos; p2 em defesa; uma âncora."""
    p1 = api.novo_processo()
    p2 = api.novo_processo(inspecao(inscricao="SC-2", proprietario="11.222.333/0001-81"))
    api.levar_ate(p1, "autuado")
    auto = _emitir(api, p1, "auto_de_infracao")
    api.levar_ate(p1, "decisao_notificada")
    decisao = _emitir(api, p1, "decisao_julgamento")
    api.levar_ate(p2, "em_defesa")
    assert _diferencas(api) == []
    caminho, _ = auditoria.ancorar(BancoUnitOfWork(api.banco), pasta, chave)
    assert _diferencas(api, pasta, chave) == []
    return {
        "p1": api.processo(p1),
        "p2": api.processo(p2),
        "auto": auto,
        "decisao": decisao,
        "ancora": caminho,
    }


# --- os casos de adulteração ----------------------------------------------------------------


def test_apagar_o_ultimo_ato_de_um_processo_e_denunciado_pela_ancora(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    p2 = cenario["p2"]
    ultimo = p2["atos"][-1]["seq"]
    _apagar_atos(api, p2["id"], ultimo)
    assert _diferencas(api) == []  # a cadeia sozinha não vê: o que sobrou encadeia
    (d,) = _diferencas(api, pasta, chave)
    assert d.tipo == "atos_apagados" and d.anterior
    assert f"processo {p2['numero']}: o último ato é o {ultimo - 1}" in d.texto


def test_apagar_todos_os_atos_de_um_processo_e_denunciado_mesmo_sem_ancora(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    p2 = cenario["p2"]
    _apagar_atos(api, p2["id"], 1)
    (sem_ancora,) = _diferencas(api)
    assert sem_ancora.tipo == "processo_sem_atos"
    assert sem_ancora.texto == f"processo {p2['numero']} sem nenhum ato: todos os atos foram apagados"
    assert _tipos(_diferencas(api, pasta, chave)) == ["processo_sem_atos", "atos_apagados"]


def test_apagar_um_processo_inteiro_e_denunciado_pela_ancora(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    p2 = cenario["p2"]
    _apagar_processo(api, p2["id"])
    assert _diferencas(api) == []
    (d,) = _diferencas(api, pasta, chave)
    assert d.tipo == "processo_apagado"
    assert d.texto.startswith(f"processo {p2['numero']} ausente")


def test_reescrever_o_ultimo_ato_com_o_hash_recalculado_e_denunciado_pela_ancora(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    from farol.store.auditoria import CamposDoAto, hash_do_ato
    from farol.store.orm import Ato

    p2 = cenario["p2"]
    with api.banco.unit_of_work(somente_leitura=True) as s:
        ultimo = s.get_one(Ato, p2["atos"][-1]["id"])
        campos = CamposDoAto.do_ato(ultimo)
    forjado = CamposDoAto(**{**campos.__dict__, "payload": {"meio": "edital"}})
    novo_hash = hash_do_ato(forjado, ultimo.hash_anterior)
    _sql(
        api,
        "UPDATE ato SET payload = :p, hash = :h WHERE id = :id",
        p=json.dumps({"meio": "edital"}),
        h=novo_hash,
        id=ultimo.id,
    )
    assert _diferencas(api) == []  # recalculado: a cadeia sozinha confere
    (d,) = _diferencas(api, pasta, chave)
    assert d.tipo == "cadeia_reescrita" and not d.anterior
    assert f"processo {p2['numero']}: o ato {ultimo.seq} tem hash {novo_hash[:16]}" in d.texto


def test_alterar_um_ato_do_meio_quebra_a_cadeia(api: Api, cenario: Cenario) -> None:
    p1 = cenario["p1"]
    _sql(api, "UPDATE ato SET data_ato = '2000-01-01' WHERE id = :id", id=p1["atos"][1]["id"])
    (d,) = _diferencas(api)
    assert d.tipo == "cadeia_quebrada"
    assert d.texto.startswith(f"processo {p1['numero']}, ato 2: conteúdo do ato difere")


def test_numeracao_que_volta_e_denunciada_pela_ancora(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    _sql(api, "UPDATE numeracao SET ultimo = 0 WHERE tipo = 'processo'")
    (d,) = _diferencas(api, pasta, chave)
    assert d.tipo == "numeracao_voltou" and d.anterior
    assert d.texto == (
        "numeração de processo da CPSC em 2026 voltou de 2 para 0: o(s) número(s) 1 a 2 já "
        "foram entregues e seriam emitidos de novo"
    )


def _verificar(api: Api, codigo: str) -> tuple[dict[str, Any], str]:
    r = api.cliente.get(f"/api/v1/verificacao/{codigo}")
    assert r.status_code == 200, r.text
    pagina = api.cliente.get(f"/verificar/{codigo}")
    assert pagina.status_code == 200
    return dict(r.json()), pagina.text


def test_pdf_guardado_com_bytes_alterados_nao_e_atestado_nem_entregue(
    api: Api, cenario: Cenario
) -> None:
    auto = cenario["auto"]
    antes, pagina = _verificar(api, auto["codigo"])
    assert antes["autentico"] is True and "Documento autêntico" in pagina
    _sql(
        api,
        "UPDATE documento_emitido SET conteudo = :c WHERE codigo = :codigo",
        c=b"%PDF-1.4 documento alterado no banco",
        codigo=auto["codigo"],
    )
    depois, pagina = _verificar(api, auto["codigo"])
    assert depois["autentico"] is False
    assert "o PDF guardado foi alterado depois da emissão" in depois["motivo"]
    assert "Documento NÃO autêntico" in pagina and "Documento autêntico" not in pagina
    baixado = api.get(f"/documentos/{auto['id']}.pdf")
    assert baixado.status_code == 409 and "não é entregue" in baixado.json()["mensagem"]
    (d,) = _diferencas(api)
    assert d.tipo == "documento_alterado" and auto["codigo"] in d.texto


def test_pdf_forjado_com_o_sha256_trocado_junto_nao_e_atestado(api: Api, cenario: Cenario) -> None:
    auto = cenario["auto"]
    forjado = api.get(f"/documentos/{auto['id']}.pdf").content.replace(b"Auto", b"Ajuste", 1)
    sha = hashlib.sha256(forjado).hexdigest()
    _sql(
        api,
        "UPDATE documento_emitido SET conteudo = :c, sha256 = :s WHERE codigo = :codigo",
        c=forjado,
        s=sha,
        codigo=auto["codigo"],
    )
    enviado = api.cliente.post(
        "/api/v1/verificacao", files={"arquivo": ("auto.pdf", forjado, "application/pdf")}
    ).json()
    assert enviado["autentico"] is False
    assert "não é o registrado na cadeia de atos" in enviado["motivo"]
    pelo_codigo, pagina = _verificar(api, auto["codigo"])
    assert pelo_codigo["autentico"] is False and "Documento NÃO autêntico" in pagina
    (d,) = _diferencas(api)
    assert d.tipo == "documento_alterado" and "documento trocado no banco" in d.texto


def test_apagar_um_documento_emitido_e_denunciado_pela_cadeia_e_pela_ancora(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    decisao = cenario["decisao"]
    _sql(api, "DELETE FROM documento_emitido WHERE codigo = :c", c=decisao["codigo"])
    (pela_cadeia,) = _diferencas(api)
    assert pela_cadeia.tipo == "documento_apagado" and decisao["codigo"] in pela_cadeia.texto
    assert _tipos(_diferencas(api, pasta, chave)) == ["documento_apagado", "documento_apagado"]


def test_documento_inserido_por_fora_do_farol_nao_e_atestado(api: Api, cenario: Cenario) -> None:
    p2 = cenario["p2"]
    falso = b"%PDF-1.4 documento que o Farol nunca emitiu"
    _sql(
        api,
        "INSERT INTO documento_emitido (codigo, processo_id, tipo, sha256, conteudo, emitido_em,"
        " emitido_por_id) SELECT 'FALS-OFAR-OL22', :p, 'auto_de_infracao', :s, :c, emitido_em,"
        " emitido_por_id FROM documento_emitido WHERE codigo = :auto",
        p=p2["id"],
        s=hashlib.sha256(falso).hexdigest(),
        c=falso,
        auto=cenario["auto"]["codigo"],
    )
    resposta, pagina = _verificar(api, "FALS-OFAR-OL22")
    assert resposta["autentico"] is False
    assert "não está registrada na cadeia de atos" in resposta["motivo"]
    assert "Documento NÃO autêntico" in pagina
    (d,) = _diferencas(api)
    assert d.tipo == "documento_sem_registro" and "FALS-OFAR-OL22" in d.texto


def test_ancora_alterada_e_denunciada_e_a_anterior_valida_e_usada(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    # quem apagou um ato tenta também "corrigir" a âncora: sem a chave, a assinatura não confere
    p2 = cenario["p2"]
    _apagar_atos(api, p2["id"], p2["atos"][-1]["seq"])
    caminho: Path = cenario["ancora"]
    ancora = json.loads(caminho.read_text(encoding="utf-8"))
    ancora["processos"][p2["numero"]]["seq"] -= 1
    ancora["criada_em"] = "2099-01-01T00:00:00.000000+00:00"
    (pasta / "ancora-20990101T000000000000Z.json").write_text(json.dumps(ancora))
    assert _tipos(_diferencas(api, pasta, chave)) == ["ancora_invalida", "atos_apagados"]


def test_ancorar_recusa_um_estado_com_diferencas_salvo_aceitas_e_registradas(
    api: Api, cenario: Cenario, pasta: Path, chave: Path
) -> None:
    p2 = cenario["p2"]
    _apagar_atos(api, p2["id"], p2["atos"][-1]["seq"])
    with pytest.raises(Conflito, match="1 diferença"):
        auditoria.ancorar(BancoUnitOfWork(api.banco), pasta, chave)
    caminho, _ = auditoria.ancorar(
        BancoUnitOfWork(api.banco), pasta, chave, aceitar_diferencas=True
    )
    aceitas = json.loads(caminho.read_text(encoding="utf-8"))["aceitas"]
    assert [a["tipo"] for a in aceitas] == ["atos_apagados"]
    assert _diferencas(api, pasta, chave) == []  # a âncora nova é a referência


def test_no_postgresql_truncate_e_recusado_mesmo_ao_dono_das_tabelas(
    api: Api, cenario: Cenario, motor: str
) -> None:
    if motor != "postgresql":
        pytest.skip("TRUNCATE e gatilhos por comando: PostgreSQL")
    for comando in (  # sem CASCADE, as chaves estrangeiras já impedem TRUNCATE ato
        "TRUNCATE ato CASCADE",
        "TRUNCATE ato, documento_emitido CASCADE",
        "TRUNCATE processo CASCADE",
        "TRUNCATE numeracao",
        "TRUNCATE usuario CASCADE",
    ):
        with pytest.raises(DBAPIError, match="TRUNCATE recusado em"), api.banco.engine.begin() as c:
            c.exec_driver_sql(comando)
    assert _diferencas(api) == []


# --- a CLI: verificar sai com 1 e nomeia; o documento emitido imprime a cabeça --------------


def test_cli_verificar_com_a_ancora_sai_com_1_e_nomeia_o_ato_apagado(
    api: Api, cenario: Cenario, pasta: Path, chave: Path, url_banco: str, tmp_path: Path
) -> None:
    p2 = cenario["p2"]
    comando = [sys.executable, "-m", "farol", "auditoria", "verificar", "--database-url",
               url_banco, "--pasta", str(pasta), "--chave", str(chave)]  # fmt: skip
    integra = subprocess.run(comando, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert integra.returncode == 0, integra.stdout + integra.stderr
    assert "cadeias íntegras" in integra.stdout and str(cenario["ancora"]) in integra.stdout
    _apagar_atos(api, p2["id"], p2["atos"][-1]["seq"])
    r = subprocess.run(comando, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"DIFERENÇA [atos_apagados]: processo {p2['numero']}" in r.stdout


def test_pdf_imprime_a_cabeca_da_cadeia_e_a_emissao_entra_na_cadeia_com_o_sha256(
    api: Api, cenario: Cenario
) -> None:
    p1, auto = cenario["p1"], cenario["auto"]
    (emissao,) = [a for a in p1["atos"] if a["dados"].get("codigo") == auto["codigo"]]
    cabeca = p1["atos"][emissao["seq"] - 2]  # o ato imediatamente anterior à emissão
    assert emissao["tipo"] == "emissao_de_documento"
    assert emissao["nome"] == "Emissão de documento oficial"
    assert emissao["dados"]["sha256"] == auto["sha256"]
    pdf = api.get(f"/documentos/{auto['id']}.pdf").content
    assert hashlib.sha256(pdf).hexdigest() == auto["sha256"]
    rodape = " ".join((p.extract_text() or "") for p in PdfReader(io.BytesIO(pdf)).pages)
    assert (
        f"Emitido sobre a cadeia de atos do processo: ato nº {cabeca['seq']}, hash "
        f"{cabeca['hash'][:16]}." in " ".join(rodape.split())
    )
    info, pagina = _verificar(api, auto["codigo"])
    assert info["cadeia"] == {
        "seq": cabeca["seq"],
        "hash": cabeca["hash"],
        "registro_seq": emissao["seq"],
    }
    assert f"ato nº {cabeca['seq']}, hash {cabeca['hash']}" in pagina


def test_emitir_um_documento_nao_impede_registrar_um_ato_com_data_anterior_a_emissao(
    api: Api,
) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "autuado")
    _emitir(api, pid, "auto_de_infracao")  # hoje; o próximo ato do roteiro é de março de 2026
    assert api.levar_ate(pid, "em_defesa")["estado"] == "em_defesa"

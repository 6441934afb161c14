"""A cadeia de hashes dos atos: encadeamento, adulteração apontada, imutabilidade no banco."""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
from typing import Any

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from farol.erros import Conflito, EntradaInvalida
from farol.store.auditoria import (
    HASH_INICIAL,
    CamposDoAto,
    hash_do_ato,
    registrar_ato,
    verificar_cadeias,
)
from farol.store.db import Banco
from farol.store.orm import Ato, Processo, Usuario

from .conftest import AGORA, NovoProcesso

DIA = dt.date(2026, 3, 10)
CAMPOS = CamposDoAto(
    processo_id=1,
    seq=1,
    tipo="auto_lavrado",
    ator_id=1,
    papel="inspetor",
    registrado_em=AGORA,
    data_ato=DIA,
    payload={"infracoes": ["RLESTA.12.II"], "local": "Canal de São Sebastião"},
    corrige_ato_id=None,
    intempestivo=False,
)


def _registrar(banco: Banco, processo: Processo, usuario: Usuario, tipo: str, **extra: Any) -> Ato:
    with banco.unit_of_work() as s:
        return registrar_ato(
            s,
            s.get_one(Processo, processo.id),
            tipo=tipo,
            ator_id=usuario.id,
            papel=usuario.papel,
            data_ato=DIA,
            payload=extra.pop("payload", {"tipo": tipo}),
            **extra,
        )


def _adulterar(banco: Banco, sql: str, **parametros: Any) -> None:
    """Altera a tabela `ato` por fora do Farol, como faria quem tem acesso ao banco."""
    with banco.engine.begin() as c:
        postgresql = c.dialect.name == "postgresql"
        if postgresql:
            c.exec_driver_sql("ALTER TABLE ato DISABLE TRIGGER ato_imutavel")
        c.execute(text(sql), parametros)
        if postgresql:
            c.exec_driver_sql("ALTER TABLE ato ENABLE TRIGGER ato_imutavel")


def test_primeiro_ato_tem_seq_um_e_encadeia_em_zeros(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    ato = _registrar(banco, novo_processo(), usuario, "auto_lavrado")
    assert (ato.seq, ato.hash_anterior) == (1, HASH_INICIAL)
    assert ato.hash == hash_do_ato(CamposDoAto.do_ato(ato), HASH_INICIAL)


def test_cada_ato_encadeia_no_hash_do_anterior_do_mesmo_processo(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    p1, p2 = novo_processo(), novo_processo()
    a1 = _registrar(banco, p1, usuario, "auto_lavrado")
    b1 = _registrar(banco, p2, usuario, "auto_lavrado")
    a2 = _registrar(banco, p1, usuario, "ciencia")
    assert (a2.seq, a2.hash_anterior) == (2, a1.hash)
    assert (b1.seq, b1.hash_anterior) == (1, HASH_INICIAL)


def test_hash_confere_depois_de_ler_do_banco(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    payload = {"texto": "defesa — ação, não", "valor": "1234.50", "itens": [1, None, True]}
    ato = _registrar(banco, novo_processo(), usuario, "defesa", payload=payload)
    with banco.unit_of_work(somente_leitura=True) as s:
        lido = s.get_one(Ato, ato.id)
        assert lido.registrado_em.microsecond == ato.registrado_em.microsecond
        assert hash_do_ato(CamposDoAto.do_ato(lido), lido.hash_anterior) == lido.hash


@pytest.mark.parametrize(
    "mudanca",
    [
        {"processo_id": 2},
        {"seq": 2},
        {"tipo": "ciencia"},
        {"ator_id": 2},
        {"papel": "dpc"},
        {"registrado_em": AGORA + dt.timedelta(microseconds=1)},
        {"data_ato": DIA + dt.timedelta(days=1)},
        {"payload": {"infracoes": ["RLESTA.12.III"], "local": "Canal de São Sebastião"}},
        {"corrige_ato_id": 1},
        {"intempestivo": True},
    ],
    ids=lambda m: next(iter(m)),
)
def test_hash_muda_se_qualquer_campo_do_ato_muda(mudanca: dict[str, Any]) -> None:
    original = hash_do_ato(CAMPOS, HASH_INICIAL)
    assert hash_do_ato(dataclasses.replace(CAMPOS, **mudanca), HASH_INICIAL) != original


def test_hash_muda_se_o_hash_anterior_muda() -> None:
    assert hash_do_ato(CAMPOS, HASH_INICIAL) != hash_do_ato(CAMPOS, "1" * 64)


def test_hash_nao_depende_da_ordem_das_chaves_nem_do_fuso_do_instante() -> None:
    invertido = dict(reversed(list(CAMPOS.payload.items())))
    em_sao_paulo = AGORA.astimezone(dt.timezone(dt.timedelta(hours=-3)))
    outro = dataclasses.replace(CAMPOS, payload=invertido, registrado_em=em_sao_paulo)
    assert hash_do_ato(outro, HASH_INICIAL) == hash_do_ato(CAMPOS, HASH_INICIAL)


def test_cadeias_intactas_nao_tem_quebras(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    for processo in (novo_processo(), novo_processo()):
        for tipo in ("auto_lavrado", "ciencia", "defesa"):
            _registrar(banco, processo, usuario, tipo)
    with banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s) == []


def test_payload_adulterado_por_sql_e_apontado(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    processo = novo_processo()
    for tipo in ("auto_lavrado", "ciencia", "defesa"):
        _registrar(banco, processo, usuario, tipo)
    _adulterar(
        banco,
        "UPDATE ato SET payload = :p WHERE processo_id = :id AND seq = 2",
        p='{"tipo": "renuncia"}',
        id=processo.id,
    )
    with banco.unit_of_work(somente_leitura=True) as s:
        quebras = verificar_cadeias(s)
    assert [(q.processo_numero, q.ato_seq) for q in quebras] == [(processo.numero, 2)]
    assert "conteúdo do ato difere" in quebras[0].motivo
    assert quebras[0].texto().startswith(f"processo {processo.numero}, ato 2:")


def test_ato_adulterado_com_hash_recalculado_quebra_o_elo_seguinte(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    processo = novo_processo()
    atos = [_registrar(banco, processo, usuario, t) for t in ("auto_lavrado", "ciencia", "defesa")]
    falso = dataclasses.replace(CamposDoAto.do_ato(atos[1]), payload={"tipo": "renuncia"})
    novo_hash = hash_do_ato(falso, atos[1].hash_anterior)
    _adulterar(
        banco,
        "UPDATE ato SET payload = :p, hash = :h WHERE id = :id",
        p='{"tipo": "renuncia"}',
        h=novo_hash,
        id=atos[1].id,
    )
    with banco.unit_of_work(somente_leitura=True) as s:
        quebras = verificar_cadeias(s)
    assert [q.ato_seq for q in quebras] == [3]
    assert "hash_anterior" in quebras[0].motivo and "ato 2" in quebras[0].motivo


def test_ato_apagado_por_sql_e_apontado(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    processo = novo_processo()
    for tipo in ("auto_lavrado", "ciencia", "defesa"):
        _registrar(banco, processo, usuario, tipo)
    _adulterar(banco, "DELETE FROM ato WHERE processo_id = :id AND seq = 2", id=processo.id)
    with banco.unit_of_work(somente_leitura=True) as s:
        quebras = verificar_cadeias(s)
    assert [q.ato_seq for q in quebras] == [3]
    assert "esperava 2" in quebras[0].motivo


def test_so_o_primeiro_elo_quebrado_de_cada_processo_e_apontado(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    p1, p2, p3 = novo_processo(), novo_processo(), novo_processo()
    for processo in (p1, p2, p3):
        for tipo in ("auto_lavrado", "ciencia", "defesa"):
            _registrar(banco, processo, usuario, tipo)
    _adulterar(banco, "UPDATE ato SET tipo = 'x' WHERE processo_id = :id", id=p1.id)
    _adulterar(
        banco,
        "UPDATE ato SET intempestivo = :v WHERE processo_id = :id AND seq = 3",
        v=True,
        id=p3.id,
    )
    with banco.unit_of_work(somente_leitura=True) as s:
        quebras = verificar_cadeias(s)
    assert [(q.processo_id, q.ato_seq) for q in quebras] == [(p1.id, 1), (p3.id, 3)]


def test_payload_com_numero_fracionario_e_recusado(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    with pytest.raises(EntradaInvalida, match="use texto") as erro:
        _registrar(banco, novo_processo(), usuario, "pagamento", payload={"valor": 12.5})
    assert erro.value.campo == "payload"


def test_payload_com_valor_que_nao_e_json_e_recusado(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    with pytest.raises(EntradaInvalida, match="não é JSON"):
        _registrar(banco, novo_processo(), usuario, "julgamento", payload={"data": DIA})


def test_data_do_ato_com_hora_e_recusada(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    with banco.unit_of_work() as s, pytest.raises(EntradaInvalida) as erro:
        registrar_ato(
            s,
            s.get_one(Processo, novo_processo().id),
            tipo="ciencia",
            ator_id=usuario.id,
            papel=usuario.papel,
            data_ato=AGORA,
            payload={},
        )
    assert erro.value.campo == "data_ato"


def test_correcao_e_um_novo_ato_que_aponta_o_corrigido(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    processo = novo_processo()
    errado = _registrar(banco, processo, usuario, "ciencia", payload={"data": "2026-03-01"})
    correcao = _registrar(
        banco,
        processo,
        usuario,
        "correcao",
        corrige_ato_id=errado.id,
        payload={"data": "2026-03-02"},
    )
    assert (correcao.seq, correcao.corrige_ato_id) == (2, errado.id)
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.get_one(Ato, errado.id).payload == {"data": "2026-03-01"}


def test_correcao_de_ato_de_outro_processo_e_recusada(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    alheio = _registrar(banco, novo_processo(), usuario, "ciencia")
    with pytest.raises(EntradaInvalida, match="não pertence a este processo") as erro:
        _registrar(banco, novo_processo(), usuario, "correcao", corrige_ato_id=alheio.id)
    assert erro.value.campo == "corrige_ato_id"


def test_sessao_recusa_alterar_ou_apagar_ato(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    ato = _registrar(banco, novo_processo(), usuario, "ciencia")
    with pytest.raises(Conflito, match="atos são imutáveis"), banco.unit_of_work() as s:
        s.get_one(Ato, ato.id).tipo = "renuncia"
    with pytest.raises(Conflito, match="atos são imutáveis"), banco.unit_of_work() as s:
        s.delete(s.get_one(Ato, ato.id))


def test_postgresql_recusa_update_e_delete_em_ato(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario, motor: str
) -> None:
    if motor != "postgresql":
        pytest.skip("o gatilho existe só no PostgreSQL")
    ato = _registrar(banco, novo_processo(), usuario, "ciencia")
    for sql in (
        "UPDATE ato SET tipo = 'renuncia' WHERE id = :id",
        "DELETE FROM ato WHERE id = :id",
    ):
        recusa = pytest.raises(DBAPIError, match="atos são imutáveis: registre uma correção")
        with recusa, banco.engine.begin() as c:
            c.execute(text(sql), {"id": ato.id})
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.get_one(Ato, ato.id).tipo == "ciencia"


def test_atos_simultaneos_no_mesmo_processo_nao_bifurcam_a_cadeia(
    banco: Banco, novo_processo: NovoProcesso, usuario: Usuario
) -> None:
    processo = novo_processo()
    largada = threading.Barrier(8)
    erros: list[BaseException] = []

    def registrar(i: int) -> None:
        try:
            largada.wait()
            _registrar(banco, processo, usuario, f"juntada_{i}")
        except BaseException as e:  # pragma: no cover - só em falha
            erros.append(e)

    fios = [threading.Thread(target=registrar, args=(i,)) for i in range(8)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join()
    assert erros == []
    with banco.unit_of_work(somente_leitura=True) as s:
        seqs = s.scalars(select(Ato.seq).where(Ato.processo_id == processo.id).order_by(Ato.seq))
        assert list(seqs) == list(range(1, 9))
        assert verificar_cadeias(s) == []

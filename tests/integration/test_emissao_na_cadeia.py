"""A emissão de um documento entra na cadeia de atos; a migração 0014 registra a dos documentos
emitidos antes dela, para que a verificação pública continue atestando-os."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from farol.services import documentos, inspecoes
from farol.services.jurisdicao import ator_do_usuario
from farol.services.unit_of_work import BancoUnitOfWork
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.ancoras import conferir_documentos
from farol.store.auditoria import verificar_cadeias
from farol.store.db import Banco
from farol.store.migrar import atualizar_banco, rebaixar_banco
from farol.store.orm import Ato

URL_PUBLICA = "https://farol.exemplo.mil.br"


def _documento_emitido(banco: Banco) -> str:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        u = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        inspetor = ator_do_usuario(s, u)
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410999999", "nome": "Gaivota", "tipo": "lancha",
                       "propulsao": "motor", "comprimento": "6.50"},  # a 0019 desce com eles
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).isoformat(),
            "local": "Baía Norte", "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, inspetor, cmd).processos[0].id
    with banco.unit_of_work() as s:
        doc = documentos.emitir(s, inspetor, pid, "notificacao_comparecimento", URL_PUBLICA)
        return doc.codigo


def _emissoes(banco: Banco) -> list[dict[str, str]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return list(
            s.execute(select(Ato.payload).where(Ato.tipo == "emissao_de_documento")).scalars()
        )


def test_documento_emitido_antes_da_migracao_0014_e_registrado_na_cadeia_por_ela(
    banco: Banco, url_banco: str
) -> None:
    codigo = _documento_emitido(banco)
    assert [e["codigo"] for e in _emissoes(banco)] == [codigo]
    # como num banco anterior à 0014: o documento sem o ato de emissão
    with banco.engine.begin() as c:
        if c.dialect.name == "postgresql":
            c.exec_driver_sql("SET LOCAL session_replication_role = replica")
        c.exec_driver_sql("DELETE FROM ato WHERE tipo = 'emissao_de_documento'")
    assert not documentos.verificar_codigo(BancoUnitOfWork(banco), codigo).autentico
    banco.fechar()

    rebaixar_banco(url_banco, "0013")
    atualizar_banco(url_banco)

    depois = Banco.conectar(url_banco)
    try:
        (registro,) = _emissoes(depois)
        assert registro["codigo"] == codigo
        assert registro["registro"].startswith("migração 0014")
        assert documentos.verificar_codigo(BancoUnitOfWork(depois), codigo).autentico
        with depois.unit_of_work(somente_leitura=True) as s:
            assert verificar_cadeias(s) == [] and conferir_documentos(s) == []
        rebaixar_banco(url_banco, "0013")  # descer e subir de novo não registra duas vezes
        atualizar_banco(url_banco)
        assert len(_emissoes(depois)) == 1
    finally:
        depois.fechar()
